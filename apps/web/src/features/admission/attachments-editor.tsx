import { DeleteOutlined, PaperClipOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { ADMISSION_SETTINGS_LIMITS } from '@batchwise/domain';
import { App, theme as antdTheme, Button, Flex, Input, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_MB,
  type Attachment,
  admissionApi,
  attachmentIssue,
  attachmentProblem,
} from './admission-api';

/**
 * Files on the form's welcome page (a prospectus, a fee chart): a label and an address, typed or
 * filled by uploading a file to our own storage.
 */
export function AttachmentsEditor({
  accountId,
  value,
  onChange,
  showErrors,
}: {
  accountId: string;
  value: Attachment[];
  onChange: (next: Attachment[]) => void;
  /** Mark rows the server would refuse (after a save was tried). */
  showErrors: boolean;
}) {
  const { t } = useTranslation(['applications', 'domain', 'errors']);
  const { message } = App.useApp();
  const { token } = antdTheme.useToken();
  const [progress, setProgress] = useState<number | null>(null);
  const full = value.length >= ADMISSION_SETTINGS_LIMITS.attachments;
  const update = (index: number, patch: Partial<Attachment>) =>
    onChange(value.map((item, i) => (i === index ? { ...item, ...patch } : item)));

  const upload = async (file: File) => {
    const problem = attachmentProblem(file);
    if (problem) {
      message.error(t(`domain:${problem}`, { file: file.name, max: ATTACHMENT_MAX_MB }));
      return;
    }
    setProgress(0);
    try {
      const stored = await admissionApi.uploadAttachment(accountId, file, setProgress);
      onChange([
        ...value,
        { name: stored.name.slice(0, ADMISSION_SETTINGS_LIMITS.attachmentName), url: stored.url },
      ]);
      message.success(t('settings.attachments.uploaded'));
    } catch (error) {
      message.error({ content: translateError(t, error), duration: 6 });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Flex vertical gap={8} data-testid="attachments">
      {value.length === 0 ? (
        <Typography.Text type="secondary">{t('settings.attachments.none')}</Typography.Text>
      ) : null}
      {value.map((item, index) => {
        const issue = showErrors ? attachmentIssue(item) : null;
        return (
          <Flex
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; edited in place
            key={index}
            gap={8}
            wrap
            align="center"
            style={{
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadius,
              padding: 8,
            }}
          >
            <PaperClipOutlined />
            <Input
              value={item.name}
              maxLength={ADMISSION_SETTINGS_LIMITS.attachmentName}
              placeholder={t('settings.attachments.name')}
              aria-label={t('settings.attachments.name')}
              status={issue === 'name' ? 'error' : undefined}
              onChange={(event) => update(index, { name: event.target.value })}
              style={{ flex: '1 1 160px', maxWidth: 260 }}
            />
            <Input
              value={item.url}
              placeholder="https://"
              aria-label={t('settings.attachments.url')}
              status={issue === 'url' ? 'error' : undefined}
              onChange={(event) => update(index, { url: event.target.value })}
              style={{ flex: '2 1 200px' }}
            />
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('settings.attachments.remove', { name: item.name })}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            />
          </Flex>
        );
      })}
      <Flex gap={8} wrap align="center">
        <Button
          icon={<PlusOutlined />}
          disabled={full}
          onClick={() => onChange([...value, { name: '', url: '' }])}
        >
          {t('settings.attachments.addLink')}
        </Button>
        <Upload
          accept={ATTACHMENT_ACCEPT}
          showUploadList={false}
          disabled={full || progress !== null}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} disabled={full || progress !== null}>
            {t('settings.attachments.upload')}
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('settings.attachments.hint', { max: ATTACHMENT_MAX_MB })}
        </Typography.Text>
      </Flex>
      {progress !== null ? <Progress percent={progress} size="small" style={{ maxWidth: 320 }} /> : null}
    </Flex>
  );
}
