import { ReloadOutlined } from '@ant-design/icons';
import { type WebhookDeliveryView, webhookEndpoints } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CardList } from '../../components/antd/card-list';
import { QueryError } from '../../components/antd/query-error';
import { call, endpointQuery, refresh } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';

const STATUS_COLOURS: Record<WebhookDeliveryView['status'], string> = {
  pending: 'blue',
  succeeded: 'green',
  failed: 'red',
};

/** While a delivery is being sent (or retried), the log looks again this often. */
const PENDING_REFRESH_MS = 3_000;

/** An endpoint's latest deliveries: event, status, attempts, the last answer and time; replay. */
export function DeliveryLog({ accountId, endpointId }: { accountId: string; endpointId: string }) {
  const { t } = useTranslation(['webhooks', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const params = { accountId, endpointId };
  const log = useQuery({
    ...endpointQuery(webhookEndpoints.deliveries, { params }),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false,
  });
  const replay = useMutation({
    mutationFn: (deliveryId: string) => call(webhookEndpoints.replay, { params: { ...params, deliveryId } }),
    onSuccess: () => {
      message.success(t('log.replayed'));
      return refresh(queryClient, 'webhooks', { accountId });
    },
  });
  if (log.isPending) return <Skeleton active />;
  if (log.isError) return <QueryError error={log.error} onRetry={() => void log.refetch()} />;
  return (
    <Flex vertical gap={8} data-testid="webhook-deliveries">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>{t('log.title')}</Typography.Text>
        <Button
          size="small"
          icon={<ReloadOutlined />}
          onClick={() => void log.refetch()}
          loading={log.isFetching}
        >
          {t('log.refresh')}
        </Button>
      </Flex>
      {replay.isError ? <Alert type="error" showIcon title={translateError(t, replay.error)} /> : null}
      <CardList
        items={log.data.deliveries}
        rowKey={(d) => d.id}
        testIds={{ list: 'webhook-delivery-list', row: 'webhook-delivery' }}
        empty={<Typography.Text type="secondary">{t('log.empty')}</Typography.Text>}
        card={(d) => (
          <Flex justify="space-between" align="flex-start" gap={8} wrap>
            <Flex vertical gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
              <Flex gap={6} wrap align="center">
                <Typography.Text strong>{t(`events.${d.eventType}`)}</Typography.Text>
                <Tag color={STATUS_COLOURS[d.status]} data-testid="webhook-delivery-status">
                  {t(`log.status.${d.status}`)}
                </Tag>
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(d.updatedAt, locale)} · {t('log.attempts', { count: d.attempts })} ·{' '}
                {d.responseCode === null ? t('log.noResponse') : t('log.response', { code: d.responseCode })}
              </Typography.Text>
              {/* An answer's status says it all; without one, the connection's own error explains. */}
              {d.lastError && d.responseCode === null && d.status !== 'succeeded' ? (
                <Typography.Text type="danger" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                  {t('log.unreachable', { error: d.lastError })}
                </Typography.Text>
              ) : null}
              <Typography.Text type="secondary" style={{ fontSize: 11, overflowWrap: 'anywhere' }}>
                {d.id}
              </Typography.Text>
            </Flex>
            <Button
              size="small"
              disabled={d.status === 'pending'}
              loading={replay.isPending && replay.variables === d.id}
              onClick={() => replay.mutate(d.id)}
              data-testid="webhook-replay"
            >
              {t('log.replay')}
            </Button>
          </Flex>
        )}
      />
    </Flex>
  );
}
