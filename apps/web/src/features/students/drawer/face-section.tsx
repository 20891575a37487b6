import { CopyOutlined, DeleteOutlined, ScanOutlined, ShareAltOutlined } from '@ant-design/icons';
import { type FaceLink, faceEndpoints } from '@batchwise/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpointQuery, queryKeyOf } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-time';
import { translateError } from '../../../lib/translate-error';
import { useLanguage } from '../../../lib/use-language';
import { useCopyLink } from './use-copy-link';

/**
 * The student's face registration (part 1 §1 /create-face-recog-print): whether a face is
 * registered, the link to send the student (copy or share), and deleting the face data.
 */
export function FaceSection({ accountId, studentId }: { accountId: string; studentId: string }) {
  const { t } = useTranslation(['students', 'domain', 'errors']);
  const { message } = App.useApp();
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const params = { accountId, studentId };
  const status = useQuery(endpointQuery(faceEndpoints.status, { params }));
  const [link, setLink] = useState<FaceLink | null>(null);
  const [busy, setBusy] = useState<'link' | 'delete' | null>(null);

  const run = async (kind: 'link' | 'delete') => {
    setBusy(kind);
    try {
      if (kind === 'link') setLink(await call(faceEndpoints.link, { params }));
      else {
        await call(faceEndpoints.remove, { params });
        setLink(null);
        message.success(t('domain:FACE_PRINT_DELETED'));
      }
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(faceEndpoints.status, { params }) });
    } catch (error) {
      message.error({ content: translateError(t, error), duration: 5 });
    } finally {
      setBusy(null);
    }
  };

  const copy = useCopyLink();

  const registered = status.data?.registered === true;
  return (
    <div data-testid="face-section">
      <Typography.Text strong>
        <ScanOutlined /> {t('face.title')}
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13, marginBottom: 8 }}>
        {t('face.body')}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 8 }} data-testid="face-status">
        {status.isPending
          ? t('face.loading')
          : registered
            ? t('face.registered', {
                angles: status.data?.angles,
                date: formatDate(status.data?.updatedAt ?? 0, locale),
              })
            : t('face.none')}
      </Typography.Paragraph>
      {link && (
        <Flex vertical gap={6} style={{ marginBottom: 8 }}>
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={link.url} aria-label={t('face.title')} data-testid="face-link" />
            <Button icon={<CopyOutlined />} onClick={() => void copy(link.url)}>
              {t('links.copy')}
            </Button>
          </Space.Compact>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('links.validTill', { date: formatDate(link.expiresAt, locale) })}
          </Typography.Text>
        </Flex>
      )}
      <Flex gap={8} wrap>
        <Button icon={<ScanOutlined />} loading={busy === 'link'} onClick={() => void run('link')}>
          {link ? t('links.renew') : t('face.getLink')}
        </Button>
        {link && typeof navigator.share === 'function' && (
          <Button
            icon={<ShareAltOutlined />}
            onClick={() => void navigator.share({ url: link.url }).catch(() => undefined)}
          >
            {t('face.share')}
          </Button>
        )}
        {registered && (
          <Popconfirm
            title={t('face.deleteConfirm')}
            okText={t('face.delete')}
            okButtonProps={{ danger: true }}
            onConfirm={() => void run('delete')}
          >
            <Button danger icon={<DeleteOutlined />} loading={busy === 'delete'}>
              {t('face.delete')}
            </Button>
          </Popconfirm>
        )}
      </Flex>
    </div>
  );
}
