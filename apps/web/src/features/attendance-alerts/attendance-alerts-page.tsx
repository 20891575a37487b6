import { ArrowLeftOutlined } from '@ant-design/icons';
import type { SessionAccount } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex, Select, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import { AlertLog } from './alert-log';
import { AlertSettingsForm } from './alert-settings-form';
import { alertClassroomsQuery } from './attendance-alerts-api';

/** The server's rule (attendance-alerts.policy.ts): owners and admins, never an assistant. */
const managesAlerts = (account: SessionAccount) => account.relation !== 'assistant';

/**
 * Parent SMS on attendance: per classroom, an SMS to the family when the
 * student enters (or also leaves), an optional absence SMS, the templates in English and Bangla
 * with a live preview, and the log of what was sent or skipped and why.
 */
export function AttendanceAlertsPage() {
  const work = useWorkAccount();
  const { t } = useTranslation('attendance-alerts');
  const back = (
    <Link to=".." relative="path">
      <ArrowLeftOutlined className="bw-directional" /> {t('back')}
    </Link>
  );
  if (!work) return <PageHeading title={t('title')} />;
  if (!managesAlerts(work.account)) {
    return (
      <>
        <PageHeading title={t('title')} subtitle={back} />
        <Alert type="warning" showIcon title={t('noAccess')} />
      </>
    );
  }
  return <Alerts work={work} back={back} />;
}

function Alerts({ work, back }: { work: WorkAccount; back: React.ReactNode }) {
  const { t } = useTranslation(['attendance-alerts', 'errors']);
  const accountId = work.account.id;
  const [params, setParams] = useSearchParams();
  const classrooms = useQuery(alertClassroomsQuery(accountId));
  const rooms = classrooms.data ?? [];
  const asked = params.get('classroom');
  const chosen = rooms.find((room) => room.classroomId === asked) ?? rooms[0];

  let body: React.ReactNode;
  if (classrooms.isError && !classrooms.data)
    body = <QueryError error={classrooms.error} onRetry={() => void classrooms.refetch()} />;
  else if (!classrooms.data) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (!chosen) body = <Empty description={t('noClassrooms')} />;
  else {
    body = (
      <Flex vertical gap={16}>
        <Flex vertical gap={6}>
          <Typography.Text strong>
            <label htmlFor="alert-classroom">{t('classroom')}</label>
          </Typography.Text>
          <Select
            id="alert-classroom"
            data-testid="alert-classroom"
            value={chosen.classroomId}
            onChange={(classroom) => setParams({ classroom }, { replace: true })}
            style={{ width: '100%', maxWidth: 420 }}
            showSearch
            optionFilterProp="label"
            options={rooms.map((room) => ({
              value: room.classroomId,
              label: room.name,
              mode: room.smsMode,
              absence: room.absenceSms,
            }))}
            optionRender={(option) => (
              <Flex justify="space-between" gap={8} align="center">
                <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{option.data.label}</span>
                <Tag color={option.data.mode === 'off' ? undefined : 'blue'} style={{ marginInlineEnd: 0 }}>
                  {t(`modesShort.${option.data.mode}`)}
                </Tag>
              </Flex>
            )}
          />
        </Flex>
        {/* An admin's list spans their teachers': each classroom's settings are in its own account. */}
        <AlertSettingsForm
          key={chosen.classroomId}
          accountId={chosen.accountId}
          classroomId={chosen.classroomId}
        />
        <Card size="small" title={t('log.title')}>
          <AlertLog accountId={accountId} classroomId={chosen.classroomId} />
        </Card>
      </Flex>
    );
  }
  return (
    <>
      <PageHeading title={t('title')} subtitle={back} />
      <Typography.Paragraph type="secondary" style={{ maxWidth: 720 }}>
        {t('intro', { student: work.words.student })}
      </Typography.Paragraph>
      {body}
    </>
  );
}
