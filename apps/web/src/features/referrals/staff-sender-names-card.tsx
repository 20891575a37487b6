import { smsSenderEndpoints } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Input, List, Modal, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { call, endpointQuery, refresh } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';

const STATUS_COLOURS = { pending: 'gold', approved: 'green', rejected: 'red' } as const;

/**
 * Platform staff decide institutions' masking name requests (research/integrations.md §3.6):
 * approve one that is the institution's own name, or reject it with a reason its owners see.
 */
export function StaffSenderNamesCard() {
  const { t } = useTranslation(['referrals', 'domain', 'errors']);
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<{ accountId: string; name: string } | null>(null);
  const [reason, setReason] = useState('');
  const list = useQuery(endpointQuery(smsSenderEndpoints.staffList));
  const decide = useMutation({
    mutationFn: (input: { accountId: string; approve: boolean; reason?: string }) =>
      call(smsSenderEndpoints.decide, {
        params: { accountId: input.accountId },
        body: { approve: input.approve, reason: input.reason },
      }),
    onSuccess: () => {
      setRejecting(null);
      setReason('');
      return refresh(queryClient, 'sms-sender');
    },
  });
  return (
    <Card
      title={t('staffSenders.title')}
      style={{ maxWidth: 640, marginTop: 16 }}
      data-testid="staff-sender-names"
    >
      <Typography.Paragraph type="secondary">{t('staffSenders.hint')}</Typography.Paragraph>
      {decide.isError && !rejecting ? (
        <Alert type="error" showIcon title={translateError(t, decide.error)} style={{ marginBottom: 16 }} />
      ) : null}
      {list.isPending ? (
        <Skeleton active />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.requests.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('staffSenders.empty')} />
      ) : (
        <List
          dataSource={list.data.requests}
          renderItem={(request) => (
            <List.Item data-testid={`sender-request-${request.accountId}`}>
              <Flex vertical gap={4} style={{ width: '100%' }}>
                <Flex wrap gap={8} align="center">
                  <Typography.Text strong>{request.name}</Typography.Text>
                  <Tag color={STATUS_COLOURS[request.status]}>{t(`sender.status.${request.status}`)}</Tag>
                </Flex>
                <Typography.Text type="secondary">
                  {t('staffSenders.from', {
                    institution: request.institution,
                    owner: request.ownerName,
                    when: formatDateTime(request.requestedAt, locale),
                  })}
                </Typography.Text>
                {request.reason ? (
                  <Typography.Text type="secondary">
                    {t('sender.reason', { reason: request.reason })}
                  </Typography.Text>
                ) : null}
                {request.status === 'pending' ? (
                  <Flex wrap gap={8}>
                    <Button
                      type="primary"
                      loading={decide.isPending && decide.variables?.accountId === request.accountId}
                      onClick={() => decide.mutate({ accountId: request.accountId, approve: true })}
                    >
                      {t('staffSenders.approve')}
                    </Button>
                    <Button
                      danger
                      onClick={() => setRejecting({ accountId: request.accountId, name: request.name })}
                    >
                      {t('staffSenders.reject')}
                    </Button>
                  </Flex>
                ) : null}
              </Flex>
            </List.Item>
          )}
        />
      )}
      <Modal
        open={rejecting !== null}
        title={t('staffSenders.rejectTitle', { name: rejecting?.name ?? '' })}
        okText={t('staffSenders.reject')}
        okButtonProps={{ danger: true, disabled: reason.trim() === '', loading: decide.isPending }}
        cancelText={t('staffSenders.cancel')}
        onCancel={() => setRejecting(null)}
        onOk={() =>
          rejecting &&
          decide.mutate({ accountId: rejecting.accountId, approve: false, reason: reason.trim() })
        }
      >
        {decide.isError ? (
          <Alert type="error" showIcon title={translateError(t, decide.error)} style={{ marginBottom: 16 }} />
        ) : null}
        <Input.TextArea
          aria-label={t('staffSenders.reason')}
          placeholder={t('staffSenders.reasonPlaceholder')}
          value={reason}
          maxLength={300}
          onChange={(event) => setReason(event.target.value)}
        />
      </Modal>
    </Card>
  );
}
