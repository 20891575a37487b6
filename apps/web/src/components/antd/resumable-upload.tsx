import { PauseOutlined, UploadOutlined } from '@ant-design/icons';
import type { UploadPurpose } from '@batchwise/domain';
import { Alert, Button, Flex, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import { useDigits } from '../../lib/use-digits';
import { useResumableUpload } from '../use-resumable-upload';
import { ProgressLine } from './progress-line';

export interface ResumableUploadProps {
  accountId: string;
  userId: string;
  purpose: UploadPurpose;
  /** `accept` of the file picker (a hint: the server checks the bytes). */
  accept?: string;
  onDone: (upload: { uploadId: string; fileName: string }) => void;
}

/**
 * Picks a file and uploads it resumably (use-resumable-upload.ts): progress, pause and resume;
 * picking the same file after a closed tab or a dropped connection goes on where it stopped.
 */
export function ResumableUpload({ accountId, userId, purpose, accept, onDone }: ResumableUploadProps) {
  const { t } = useTranslation(['uploads', 'domain', 'errors']);
  const digits = useDigits();
  const input = useRef<HTMLInputElement>(null);
  const upload = useResumableUpload({ accountId, userId, purpose, onDone });
  const busy = upload.state === 'uploading' || upload.state === 'paused';
  return (
    <Flex vertical gap={8} data-testid="resumable-upload">
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid="resumable-upload-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload.start(file);
        }}
      />
      <Flex gap={8} wrap>
        <Button icon={<UploadOutlined />} disabled={busy} onClick={() => input.current?.click()}>
          {upload.fileName ? t('uploads:another') : t('uploads:pick')}
        </Button>
        {upload.state === 'uploading' ? (
          <Button icon={<PauseOutlined />} onClick={upload.pause}>
            {t('uploads:pause')}
          </Button>
        ) : null}
        {upload.state === 'paused' || upload.state === 'error' ? (
          <Button type="primary" onClick={upload.resume} disabled={!upload.fileName}>
            {t('uploads:resume')}
          </Button>
        ) : null}
      </Flex>
      {upload.fileName ? (
        <>
          <Typography.Text ellipsis>{upload.fileName}</Typography.Text>
          <ProgressLine
            percent={upload.percent}
            label={
              upload.state === 'done'
                ? t('uploads:done')
                : upload.state === 'paused'
                  ? t('uploads:paused', { percent: digits(upload.percent) })
                  : t('uploads:percent', { percent: digits(upload.percent) })
            }
          />
        </>
      ) : (
        <Typography.Text type="secondary">{t('uploads:hint')}</Typography.Text>
      )}
      {upload.error ? <Alert type="error" showIcon message={translateError(t, upload.error)} /> : null}
    </Flex>
  );
}
