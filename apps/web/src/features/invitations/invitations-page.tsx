import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { invitationEndpoints } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, List, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { call, endpointQuery, refresh } from '../../lib/api-client';
import { formatDate } from '../../lib/format-time';
import { errorCode, translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';

/** Invitations addressed to the signed-in user: an admin inviting a teacher, or an assistant invite. */
export function InvitationsPage() {
  const { t } = useTranslation(['app', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const invitations = useQuery(endpointQuery(invitationEndpoints.mine));
  const answer = useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      call(accept ? invitationEndpoints.accept : invitationEndpoints.decline, {
        params: { invitationId: id },
      }),
    onSuccess: async (_result, { accept }) => {
      // Accepting adds an account to the session (and may give the user a role).
      await Promise.all([refresh(queryClient, 'invitations'), refresh(queryClient, 'session')]);
      void message.success(accept ? t('invitations.accepted') : t('invitations.declined'));
    },
    onError: (error, { id }) => {
      // The inviting account's plan is full: its owner upgrades, not the invitee (whose own billing
      // page, if any, pays for another account).
      const institution = invitations.data?.invitations.find((i) => i.id === id)?.institution ?? '';
      void message.error(
        errorCode(error) === 'PLAN_LIMIT_MODERATORS'
          ? t('invitations.planFull', { institution })
          : translateError(t, error),
      );
    },
  });
  const busy = (id: string, accept: boolean) =>
    answer.isPending && answer.variables?.id === id && answer.variables.accept === accept;

  const pending = invitations.data?.invitations.filter((invitation) => invitation.status === 'pending') ?? [];
  return (
    <>
      <PageHeading title={t('invitations.title')} subtitle={t('invitations.subtitle')} />
      <Card>
        {invitations.isPending ? (
          <Skeleton active />
        ) : invitations.isError ? (
          <QueryError error={invitations.error} onRetry={() => void invitations.refetch()} />
        ) : pending.length === 0 ? (
          <Empty description={t('invitations.empty')} />
        ) : (
          <List
            dataSource={pending}
            renderItem={(invitation) => (
              <List.Item key={invitation.id} style={{ paddingInline: 0 }}>
                <Flex wrap justify="space-between" align="center" gap={12} style={{ width: '100%' }}>
                  <List.Item.Meta
                    style={{ minWidth: 220 }}
                    title={
                      <Space wrap size={4}>
                        <Typography.Text strong>{invitation.institution}</Typography.Text>
                        <Tag>{t(`team.invitations.kind.${invitation.kind}`)}</Tag>
                      </Space>
                    }
                    description={
                      <>
                        {t('invitations.from', { name: invitation.invitedBy })}
                        {invitation.classroomName ? ` · ${invitation.classroomName}` : ''}
                        <br />
                        {invitation.manageStudents ? <Tag>{t('invitations.manageStudents')}</Tag> : null}
                        {invitation.modifyCustomId ? <Tag>{t('team.assistant.modifyCustomId')}</Tag> : null}
                        {invitation.sendSms ? <Tag>{t('team.assistant.sendSms')}</Tag> : null}
                        {invitation.collectPayments ? <Tag>{t('team.assistant.collectPayments')}</Tag> : null}
                        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                          {t('team.invitations.expires', { date: formatDate(invitation.expiresAt, locale) })}
                        </Typography.Text>
                      </>
                    }
                  />
                  <Flex gap={8} wrap>
                    <Button
                      type="primary"
                      icon={<CheckOutlined />}
                      loading={busy(invitation.id, true)}
                      onClick={() => answer.mutate({ id: invitation.id, accept: true })}
                    >
                      {t('invitations.accept')}
                    </Button>
                    <Popconfirm
                      title={t('invitations.confirmDecline')}
                      okText={t('invitations.decline')}
                      cancelText={t('team.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() =>
                        answer.mutateAsync({ id: invitation.id, accept: false }).catch(() => undefined)
                      }
                    >
                      <Button icon={<CloseOutlined />} loading={busy(invitation.id, false)}>
                        {t('invitations.decline')}
                      </Button>
                    </Popconfirm>
                  </Flex>
                </Flex>
              </List.Item>
            )}
          />
        )}
      </Card>
    </>
  );
}
