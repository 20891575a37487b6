import { smsSenderEndpoints } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Empty, List, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { call, endpointQuery, refresh } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';

/**
 * Share this account's SMS quota with its teachers (an admin) or assistants (a teacher): their
 * sends draw on it when their own quota is short (spec part 1 §3 `SMS-Shared-From`, §4).
 */
export function SmsSharingCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation(['referrals', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const sharing = useQuery(endpointQuery(smsSenderEndpoints.sharing, { params: { accountId } }));
  const share = useMutation({
    mutationFn: ({ member, shared }: { member: string; shared: boolean }) =>
      call(smsSenderEndpoints.share, { params: { accountId, memberAccountId: member }, body: { shared } }),
    onSuccess: (_result, { shared }) => {
      void message.success(shared ? t('sharing.on') : t('sharing.off'));
      return refresh(queryClient, 'sms-sharing', { accountId });
    },
  });
  return (
    <Card title={t('sharing.title')} data-testid="sms-sharing-card">
      <Typography.Paragraph type="secondary">{t('sharing.hint')}</Typography.Paragraph>
      {share.isError ? (
        <Alert type="error" showIcon title={translateError(t, share.error)} style={{ marginBottom: 16 }} />
      ) : null}
      {sharing.isPending ? (
        <Skeleton active />
      ) : sharing.isError ? (
        <QueryError error={sharing.error} onRetry={() => void sharing.refetch()} />
      ) : sharing.data.members.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sharing.empty')} />
      ) : (
        <List
          dataSource={sharing.data.members}
          renderItem={(member) => (
            <List.Item
              actions={[
                <Switch
                  key="share"
                  checked={member.shared}
                  loading={share.isPending && share.variables?.member === member.accountId}
                  aria-label={t('sharing.toggle', { name: member.name })}
                  onChange={(shared) => share.mutate({ member: member.accountId, shared })}
                />,
              ]}
            >
              <List.Item.Meta
                title={member.name}
                description={`${t(`sharing.relation.${member.relation}`)} · ${member.institution}`}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
