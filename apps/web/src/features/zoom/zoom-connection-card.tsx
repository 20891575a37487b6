import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { refresh } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { translateError } from '../../lib/translate-error';
import { useDigits } from '../../lib/use-digits';
import { zoomApi, zoomConnectionQuery } from './zoom-api';

/** Whether the account has Zoom; connect (to Zoom's consent page) or disconnect (confirmed). */
export function ZoomConnectionCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation(['zoom', 'errors']);
  const { message } = App.useApp();
  const digits = useDigits();
  const queryClient = useQueryClient();
  const status = useQuery(zoomConnectionQuery(accountId));
  const onError = (error: unknown) => message.error({ content: translateError(t, error), duration: 5 });
  const connect = useMutation({
    mutationFn: () => zoomApi.authorize(accountId),
    onSuccess: ({ url }) => window.location.assign(url),
    onError,
  });
  const disconnect = useMutation({
    mutationFn: () => zoomApi.disconnect(accountId),
    onSuccess: async () => {
      message.success(t('disconnected'));
      await refresh(queryClient, 'zoom');
    },
    onError,
  });
  const docs = <a href={paths.zoomDocumentation}>{t('howItWorks')}</a>;
  return (
    <Card title={t('title')} size="small" data-testid="zoom-connection">
      {status.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : !status.data?.configured ? (
        <Typography.Text type="secondary">{t('notConfigured')}</Typography.Text>
      ) : status.data.connected ? (
        <Flex vertical gap={8}>
          <Typography.Text data-testid="zoom-connected">
            {t('connectedAs', {
              who: status.data.zoomEmail ?? '—',
              date: digits(new Date(status.data.connectedAt ?? 0).toLocaleDateString('en-GB')),
            })}
          </Typography.Text>
          <Flex gap={8} wrap align="center">
            <Popconfirm
              title={t('disconnectConfirm')}
              okText={t('disconnect')}
              cancelText={t('cancel')}
              onConfirm={() => disconnect.mutate()}
            >
              <Button danger loading={disconnect.isPending}>
                {t('disconnect')}
              </Button>
            </Popconfirm>
            {docs}
          </Flex>
        </Flex>
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t('connectHint')}</Typography.Text>
          <Flex gap={8} wrap align="center">
            <Button
              type="primary"
              loading={connect.isPending}
              onClick={() => connect.mutate()}
              data-testid="zoom-connect"
            >
              {t('connect')}
            </Button>
            {docs}
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
