import type { ClassroomDetail, ExportFormat } from '@batchwise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Empty, Flex, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../components/antd/export-menu';
import { exportTable } from '../../lib/download';
import { translateError } from '../../lib/translate-error';
import { classroomApi, refreshClassrooms } from './classroom-api';

type Moderator = ClassroomDetail['moderators'][number];
type Flag = 'manageStudents' | 'modifyCustomId' | 'sendSms' | 'collectPayments' | 'blocked';

/**
 * The classroom's assistants with their flags for it: manage students, change IDs, send SMS, take
 * payments, or blocked.
 */
export function ClassroomModerators({ detail }: { detail: ClassroomDetail }) {
  const { t } = useTranslation(['students', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const { classroom } = detail;

  const handleFlag = async (moderator: Moderator, flag: Flag, value: boolean) => {
    setBusy(`${moderator.userId}:${flag}`);
    try {
      await classroomApi.setGrant(classroom.accountId, classroom.id, moderator.userId, {
        manageStudents: moderator.manageStudents,
        modifyCustomId: moderator.modifyCustomId,
        sendSms: moderator.sendSms,
        collectPayments: moderator.collectPayments,
        blocked: moderator.blocked,
        [flag]: value,
      });
      await refreshClassrooms(queryClient);
      message.success(t('classrooms.moderators.saved', { name: moderator.name }));
    } catch (error) {
      message.error({ content: translateError(t, error), duration: 5 });
    } finally {
      setBusy(null);
    }
  };

  const flagColumn = (flag: Flag) => ({
    key: flag,
    title: t(`classrooms.moderators.${flag}`),
    render: (_: unknown, moderator: Moderator) => (
      <Switch
        size="small"
        checked={moderator[flag]}
        loading={busy === `${moderator.userId}:${flag}`}
        disabled={flag !== 'blocked' && moderator.blocked}
        aria-label={`${t(`classrooms.moderators.${flag}`)}: ${moderator.name}`}
        onChange={(value) => void handleFlag(moderator, flag, value)}
      />
    ),
  });

  const handleExport = (format: ExportFormat) =>
    exportTable({
      format,
      title: `${classroom.name} - ${t('classrooms.tabs.moderators')}`,
      headers: [
        t('classrooms.moderators.name'),
        t('classrooms.moderators.contact'),
        t('classrooms.moderators.grant'),
        t('classrooms.moderators.manageStudents'),
        t('classrooms.moderators.modifyCustomId'),
        t('classrooms.moderators.sendSms'),
        t('classrooms.moderators.collectPayments'),
        t('classrooms.moderators.blocked'),
      ],
      rows: detail.moderators.map((m) => [
        m.name,
        m.phone ?? m.email ?? '',
        t(`classrooms.moderators.grants.${m.grant}`),
        m.manageStudents ? t('common.yes') : t('common.no'),
        m.modifyCustomId ? t('common.yes') : t('common.no'),
        m.sendSms ? t('common.yes') : t('common.no'),
        m.collectPayments ? t('common.yes') : t('common.no'),
        m.blocked ? t('common.yes') : t('common.no'),
      ]),
    });

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" gap={8} wrap align="center">
        <Typography.Text type="secondary">{t('classrooms.moderators.intro')}</Typography.Text>
        <ExportMenu variant="icon" onExport={handleExport} disabled={detail.moderators.length === 0} />
      </Flex>
      <Table<Moderator>
        rowKey="userId"
        size="small"
        dataSource={detail.moderators}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('classrooms.moderators.empty')} /> }}
        columns={[
          {
            key: 'name',
            title: t('classrooms.moderators.name'),
            render: (_, m) => (
              <div>
                <Typography.Text strong>{m.name}</Typography.Text>
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                  {m.phone ?? m.email ?? ''}
                </Typography.Text>
              </div>
            ),
          },
          {
            key: 'grant',
            title: t('classrooms.moderators.grant'),
            render: (_, m) => <Tag>{t(`classrooms.moderators.grants.${m.grant}`)}</Tag>,
          },
          flagColumn('manageStudents'),
          flagColumn('modifyCustomId'),
          flagColumn('sendSms'),
          flagColumn('collectPayments'),
          flagColumn('blocked'),
        ]}
      />
    </Flex>
  );
}
