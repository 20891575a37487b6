import { BankOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { pictureFileError } from '@batchwise/domain';
import { Alert, Avatar, Button, Flex, Progress, Typography } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import { uploadFile } from '../../lib/upload';
import { useLanguage } from '../../lib/use-language';

/** Pictures may be png, jpg or jpeg (spec part 1 §9), at most 5 MB (the server's limit). */
const MAX_MB = 5;
const ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

type State =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'done' }
  | { kind: 'error'; text: string };

/**
 * Picks one picture and uploads it with a progress bar (XMLHttpRequest upload progress). The
 * type and size are checked here first so nobody waits for an upload the server would refuse.
 */
export function ImageUpload<Result>({
  id,
  label,
  endpoint,
  currentUrl,
  shape,
  onUploaded,
}: {
  id: string;
  label: string;
  endpoint: string;
  currentUrl: string | null;
  /** Circle for a person's picture, square for an institution's logo. */
  shape: 'circle' | 'square';
  onUploaded: (result: Result) => void;
}) {
  const { t } = useTranslation(['app', 'domain', 'errors']);
  const { locale } = useLanguage();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [preview, setPreview] = useState<string | null>(null);

  const handleChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const typeError = pictureFileError(file.name);
    if (typeError) {
      setState({ kind: 'error', text: t(`domain:${typeError.code}`, { file: file.name }) });
      return;
    }
    if (file.size > MAX_MB * 1024 * 1024) {
      setState({
        kind: 'error',
        text: t('domain:PICTURE_TOO_LARGE', { max: MAX_MB.toLocaleString(locale) }),
      });
      return;
    }
    setState({ kind: 'uploading', percent: 0 });
    try {
      const result = await uploadFile<Result>(endpoint, file, {
        onProgress: (percent) => setState({ kind: 'uploading', percent }),
      });
      setPreview((previous) => {
        if (previous) URL.revokeObjectURL(previous);
        return URL.createObjectURL(file);
      });
      setState({ kind: 'done' });
      onUploaded(result);
    } catch (error) {
      setState({ kind: 'error', text: translateError(t, error) });
    }
  };

  const uploading = state.kind === 'uploading';
  return (
    <Flex gap={16} align="center" wrap>
      <Avatar
        size={72}
        shape={shape}
        src={preview ?? currentUrl ?? undefined}
        icon={preview || currentUrl ? undefined : shape === 'square' ? <BankOutlined /> : <UserOutlined />}
        alt=""
      />
      <Flex vertical gap={8} style={{ flex: 1, minWidth: 200 }}>
        <input
          ref={input}
          id={id}
          type="file"
          accept={ACCEPT}
          onChange={handleChange}
          className="bw-visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
        />
        <div>
          <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} loading={uploading}>
            {label}
          </Button>
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('settings.upload.hint', { max: MAX_MB.toLocaleString(locale) })}
        </Typography.Text>
        {uploading ? (
          <div aria-live="polite">
            <Typography.Text style={{ fontSize: 13 }}>
              {t('settings.upload.progress', { percent: state.percent.toLocaleString(locale) })}
            </Typography.Text>
            <Progress percent={state.percent} size="small" status="active" aria-label={label} />
          </div>
        ) : null}
        {state.kind === 'done' ? <Alert type="success" showIcon title={t('settings.upload.done')} /> : null}
        {state.kind === 'error' ? <Alert type="error" showIcon title={state.text} /> : null}
      </Flex>
    </Flex>
  );
}
