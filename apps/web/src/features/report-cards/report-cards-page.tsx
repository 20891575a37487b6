import { reportCardEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Card, Empty, Flex, Select, Spin, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { endpointQuery } from '../../lib/api-client';
import { classroomsQuery } from '../../lib/classrooms-query';
import { useBadgeCount } from '../../lib/use-digits';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import { ReportFeedbackPanel } from './report-feedback-panel';
import type { ReportPlace } from './report-paths';
import { ReportStudents } from './report-students';

/**
 * Report cards for the staff: pick a classroom and a term with published
 * results, see every student's card and how it stands with the family (link sent, acknowledged,
 * feedback unread), give families their links or take them back, text the results, print the
 * class, share the class table; and read the families' feedback.
 */
export function ReportCardsPage() {
  const work = useWorkAccount();
  const { t } = useTranslation('report-cards');
  if (!work) return <PageHeading title={t('manage.title')} />;
  return <ReportCards work={work} />;
}

function ReportCards({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const [params, setParams] = useSearchParams();
  const classrooms = useQuery(classroomsQuery(work.account.id));
  const list = classrooms.data ?? [];
  const classroom = list.find((c) => c.id === params.get('classroom')) ?? list[0];
  const terms = useQuery({
    ...endpointQuery(reportCardEndpoints.reportTerms, {
      params: { accountId: classroom?.accountId ?? '', classroomId: classroom?.id ?? '' },
    }),
    enabled: classroom !== undefined,
  });
  const termList = terms.data?.terms ?? [];
  const term = termList.find((x) => x.term === params.get('term'))?.term ?? termList[0]?.term;
  const choose = (next: { classroom?: string; term?: string }) =>
    setParams(
      {
        classroom: next.classroom ?? classroom?.id ?? '',
        ...(next.term ? { term: next.term } : {}),
      },
      { replace: true },
    );

  if (classrooms.isError) return <QueryError error={classrooms.error} onRetry={() => classrooms.refetch()} />;
  return (
    <>
      <PageHeading title={t('manage.title')} subtitle={t('manage.subtitle')} />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap align="center">
          <Select
            aria-label={t('manage.classroom')}
            placeholder={t('manage.classroom')}
            style={{ minWidth: 220, flex: '1 1 220px' }}
            loading={classrooms.isPending}
            value={classroom?.id}
            showSearch
            optionFilterProp="label"
            onChange={(value: string) => choose({ classroom: value })}
            options={list.map((c) => ({
              value: c.id,
              label: work.isAdmin ? `${c.name} · ${c.teacherName}` : `${c.name} · ${c.subject}`,
            }))}
            data-testid="report-classroom"
          />
          <Select
            aria-label={t('manage.term')}
            placeholder={t('manage.term')}
            style={{ minWidth: 200, flex: '1 1 200px' }}
            loading={terms.isFetching}
            value={term}
            disabled={termList.length === 0}
            onChange={(value: string) => choose({ term: value })}
            options={termList.map((x) => ({ value: x.term, label: x.term }))}
            data-testid="report-term"
          />
        </Flex>
      </Card>
      {classrooms.isPending ? (
        <Spin />
      ) : list.length === 0 ? (
        <Empty description={t('manage.noClassrooms')} />
      ) : terms.isError ? (
        <QueryError error={terms.error} onRetry={() => terms.refetch()} />
      ) : terms.isPending ? (
        <Spin />
      ) : !term || !classroom ? (
        <Card>
          <Empty description={t('manage.noTerms')}>
            <Typography.Text type="secondary">{t('manage.noTermsHint')}</Typography.Text>
          </Empty>
        </Card>
      ) : (
        <TermWork
          key={`${classroom.id}:${term}`}
          place={{ accountId: classroom.accountId, classroomId: classroom.id, term }}
          classroomName={classroom.name}
          manager={work.account.relation !== 'assistant'}
        />
      )}
    </>
  );
}

function TermWork({
  place,
  classroomName,
  manager,
}: {
  place: ReportPlace;
  classroomName: string;
  manager: boolean;
}) {
  const badgeCount = useBadgeCount();
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const [params, setParams] = useSearchParams();
  const table = useQuery(
    endpointQuery(reportCardEndpoints.reportTable, {
      params: { accountId: place.accountId, classroomId: place.classroomId },
      query: { term: place.term },
    }),
  );
  if (table.isError) return <QueryError error={table.error} onRetry={() => table.refetch()} />;
  const unread = table.data?.rows.reduce((sum, r) => sum + (r.status?.unreadFeedback ?? 0), 0) ?? 0;
  const tab = params.get('tab') === 'feedback' ? 'feedback' : 'students';
  const setTab = (next: string) => {
    const copy = new URLSearchParams(params);
    if (next === 'feedback') copy.set('tab', next);
    else copy.delete('tab');
    setParams(copy, { replace: true });
  };
  return (
    <Card size="small">
      {table.data && table.data.rows.length === 0 ? (
        <Alert type="info" showIcon title={t('manage.noStudents')} style={{ marginBottom: 12 }} />
      ) : null}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'students',
            label: t('manage.students'),
            children: table.data ? (
              <ReportStudents
                place={place}
                table={table.data}
                classroomName={classroomName}
                manager={manager}
              />
            ) : (
              <Spin />
            ),
          },
          {
            key: 'feedback',
            label: (
              <Flex gap={6} align="center">
                {t('manage.feedback')}
                <Badge count={badgeCount(unread)} size="small" />
              </Flex>
            ),
            children: <ReportFeedbackPanel place={place} />,
          },
        ]}
      />
    </Card>
  );
}
