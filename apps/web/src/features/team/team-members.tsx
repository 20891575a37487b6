import { DeleteOutlined, UserOutlined } from '@ant-design/icons';
import { teamEndpoints } from '@batchwise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Empty, Grid, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import { formatDate } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import type { Wording } from '../../lib/use-wording';
import { refreshTeam, type Team } from './team-queries';

/** Who is on the team: managed teachers and assistants with what they may do. */
export function TeamMembers({
  accountId,
  team,
  words,
}: {
  accountId: string;
  team: Team;
  words: Wording & { cap: (label: string) => string };
}) {
  const { t } = useTranslation(['app', 'domain', 'errors']);
  const { message } = App.useApp();
  // On narrow screens the buttons go under the text instead of squeezing it.
  const stacked = !Grid.useBreakpoint().md;
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (grantId: string) => call(teamEndpoints.removeAssistant, { params: { accountId, grantId } }),
    onSuccess: async () => {
      await refreshTeam(queryClient, accountId);
      void message.success(t('team.members.removed'));
    },
    onError: (error) => void message.error(translateError(t, error)),
  });
  return (
    <Card title={t('team.members.title')}>
      {team.members.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('team.members.empty')} />
      ) : (
        <List
          itemLayout={stacked ? 'vertical' : 'horizontal'}
          dataSource={team.members}
          renderItem={(member) => (
            <List.Item
              key={member.id}
              style={{ paddingInline: 0 }}
              actions={
                member.role === 'assistant'
                  ? [
                      <Popconfirm
                        key="remove"
                        title={t('team.members.confirmRemove', { name: member.name })}
                        okText={t('team.members.remove')}
                        cancelText={t('team.cancel')}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => remove.mutateAsync(member.id).catch(() => undefined)}
                      >
                        <Button
                          danger
                          size="small"
                          icon={<DeleteOutlined />}
                          aria-label={t('team.members.removeNamed', { name: member.name })}
                          loading={remove.isPending && remove.variables === member.id}
                        >
                          {t('team.members.remove')}
                        </Button>
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                avatar={<Avatar icon={<UserOutlined />} />}
                title={
                  <Space wrap size={4}>
                    <Typography.Text strong>{member.name}</Typography.Text>
                    <Tag color={member.role === 'teacher' ? 'blue' : 'green'}>
                      {member.role === 'teacher' ? words.cap(words.teacher) : t('team.members.assistant')}
                    </Tag>
                  </Space>
                }
                description={
                  <>
                    {member.email ? <div>{member.email}</div> : null}
                    {member.phone ? <div>{member.phone}</div> : null}
                    {member.role === 'assistant' ? (
                      <div>
                        <Tag>{member.classroomName ?? t('team.assistant.wholeAccount')}</Tag>
                        {member.manageStudents ? (
                          <Tag>
                            {t('team.assistant.manageStudents', {
                              student: words.student,
                              students: words.students,
                            })}
                          </Tag>
                        ) : null}
                        {member.modifyCustomId ? <Tag>{t('team.assistant.modifyCustomId')}</Tag> : null}
                        {member.sendSms ? <Tag>{t('team.assistant.sendSms')}</Tag> : null}
                        {member.collectPayments ? <Tag>{t('team.assistant.collectPayments')}</Tag> : null}
                      </div>
                    ) : null}
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** Invitations not yet answered, each revocable. */
export function PendingInvitations({ accountId, team }: { accountId: string; team: Team }) {
  const { t } = useTranslation(['app', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { message } = App.useApp();
  // On narrow screens the buttons go under the text instead of squeezing it.
  const stacked = !Grid.useBreakpoint().md;
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: (invitationId: string) =>
      call(teamEndpoints.revokeInvitation, { params: { accountId, invitationId } }),
    onSuccess: async () => {
      await refreshTeam(queryClient, accountId);
      void message.success(t('team.invitations.revoked'));
    },
    onError: (error) => void message.error(translateError(t, error)),
  });
  const pending = team.invitations.filter((invitation) => invitation.status === 'pending');
  return (
    <Card title={t('team.invitations.title')}>
      {pending.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('team.invitations.empty')} />
      ) : (
        <List
          itemLayout={stacked ? 'vertical' : 'horizontal'}
          dataSource={pending}
          renderItem={(invitation) => (
            <List.Item
              key={invitation.id}
              style={{ paddingInline: 0 }}
              actions={[
                <Popconfirm
                  key="revoke"
                  title={t('team.invitations.confirmRevoke')}
                  okText={t('team.invitations.revoke')}
                  cancelText={t('team.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => revoke.mutateAsync(invitation.id).catch(() => undefined)}
                >
                  <Button
                    size="small"
                    danger
                    loading={revoke.isPending && revoke.variables === invitation.id}
                  >
                    {t('team.invitations.revoke')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={
                  <Space wrap size={4}>
                    {/* `invitee` is read when the server sends it (who was invited). */}
                    <Typography.Text strong>
                      {(invitation as { invitee?: string }).invitee ?? ''}
                    </Typography.Text>
                    <Tag>{t(`team.invitations.kind.${invitation.kind}`)}</Tag>
                  </Space>
                }
                description={t('team.invitations.expires', {
                  date: formatDate(invitation.expiresAt, locale),
                })}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
