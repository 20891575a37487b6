import { FileTextOutlined, LinkOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { PayLinkView } from '@batchwise/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import { onlinePayApi } from './online-pay-api';

/** The same link on one of the public pay pages: the QR sheet or the dues statement. */
function sibling(link: PayLinkView, path: string): string {
  const url = new URL(link.url);
  return `${path}${url.search}`;
}

/**
 * The student's pay link: made when staff first ask for it, to copy into a
 * message, print as a QR code or a dues statement; regenerating or revoking it stops the old one.
 */
export function PayLinkCard({ accountId, studentId }: { accountId: string; studentId: string }) {
  const { t } = useTranslation(['fees', 'domain', 'errors']);
  const { message } = App.useApp();
  const [link, setLink] = useState<PayLinkView | null>(null);
  const get = useMutation({
    mutationFn: () => onlinePayApi.payLink(accountId, studentId),
    onSuccess: setLink,
  });
  const regenerate = useMutation({
    mutationFn: () => onlinePayApi.regeneratePayLink(accountId, studentId),
    onSuccess: (next) => {
      setLink(next);
      message.success(t('payLink.regenerated'));
    },
  });
  const revoke = useMutation({
    mutationFn: () => onlinePayApi.revokePayLink(accountId, studentId),
    onSuccess: () => {
      setLink(null);
      message.success(t('payLink.revoked'));
    },
  });
  const failed = get.error ?? regenerate.error ?? revoke.error;

  return (
    <Flex vertical gap={10}>
      <Typography.Text type="secondary">{t('payLink.hint')}</Typography.Text>
      {failed ? <Alert type="error" showIcon title={translateError(t, failed)} /> : null}
      {link ? (
        <>
          <Typography.Paragraph
            copyable={{ text: link.shortUrl, tooltips: [t('payLink.copy'), t('payLink.copied')] }}
            style={{ margin: 0, overflowWrap: 'anywhere' }}
            data-testid="pay-link"
          >
            {link.shortUrl}
          </Typography.Paragraph>
          <Flex gap={8} wrap>
            <Button icon={<LinkOutlined />} href={link.url} target="_blank" rel="noopener">
              {t('payLink.open')}
            </Button>
            <Button
              icon={<QrcodeOutlined />}
              href={sibling(link, '/digital-pay-qr-download')}
              target="_blank"
            >
              {t('payLink.qr')}
            </Button>
            <Button icon={<FileTextOutlined />} href={sibling(link, '/admin-invoice')} target="_blank">
              {t('payLink.statement')}
            </Button>
            <Popconfirm
              title={t('payLink.regenerateConfirm')}
              okText={t('payLink.regenerate')}
              cancelText={t('payLink.cancel')}
              onConfirm={() => regenerate.mutateAsync()}
            >
              <Button loading={regenerate.isPending}>{t('payLink.regenerate')}</Button>
            </Popconfirm>
            <Popconfirm
              title={t('payLink.revokeConfirm')}
              okText={t('payLink.revoke')}
              okButtonProps={{ danger: true }}
              cancelText={t('payLink.cancel')}
              onConfirm={() => revoke.mutateAsync()}
            >
              <Button danger loading={revoke.isPending}>
                {t('payLink.revoke')}
              </Button>
            </Popconfirm>
          </Flex>
        </>
      ) : (
        <div>
          <Button
            icon={<LinkOutlined />}
            loading={get.isPending}
            onClick={() => get.mutate()}
            data-testid="pay-link-get"
          >
            {t('payLink.get')}
          </Button>
        </div>
      )}
    </Flex>
  );
}
