import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Select, Skeleton, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { classroomsQuery } from '../../lib/classrooms-query';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import { AssessmentForm } from './assessment-form';
import { AssessmentList } from './assessment-list';
import { type AssessmentView, classroomAssessmentsQuery } from './assessments-api';
import { GradeScaleCard } from './grade-scale-card';

/**
 * Assessments: a classroom's exams and class tests, and the account's grade
 * scale. `?classroom=` picks the classroom (the classroom page links here with it); `?tab=scale`
 * opens the grade scale.
 */
export function AssessmentsPage() {
  const work = useWorkAccount();
  const { t } = useTranslation('assessments');
  if (!work) return <PageHeading title={t('title')} />;
  return <Assessments work={work} />;
}

function Assessments({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['assessments', 'domain', 'errors']);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'scale' ? 'scale' : 'assessments';
  const setTab = (next: string) => {
    const changed = new URLSearchParams(params);
    if (next === 'scale') changed.set('tab', 'scale');
    else changed.delete('tab');
    setParams(changed, { replace: true });
  };
  return (
    <>
      <PageHeading title={t('title')} subtitle={work.account.institution} />
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'assessments',
              label: t('tabs.assessments'),
              children: <ClassroomAssessments work={work} />,
            },
            {
              key: 'scale',
              label: t('tabs.scale'),
              children: <GradeScaleCard accountId={work.account.id} canEdit={work.managesClassrooms} />,
            },
          ]}
        />
      </Card>
    </>
  );
}

function ClassroomAssessments({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['assessments', 'domain', 'errors']);
  const [params, setParams] = useSearchParams();
  const { words } = work;
  const classrooms = useQuery(classroomsQuery(work.account.id));
  const asked = params.get('classroom');
  const classroom =
    classrooms.data?.find((c) => c.id === asked) ?? (asked ? undefined : classrooms.data?.[0]) ?? undefined;
  const [editing, setEditing] = useState<AssessmentView | 'new' | null>(null);
  const list = useQuery({
    ...classroomAssessmentsQuery(classroom?.accountId ?? '', classroom?.id ?? ''),
    enabled: classroom !== undefined,
  });

  // Remember the classroom in the address, so a reload or the back link from the marks returns here.
  useEffect(() => {
    if (classroom && asked !== classroom.id) {
      const changed = new URLSearchParams(params);
      changed.set('classroom', classroom.id);
      setParams(changed, { replace: true });
    }
  }, [classroom, asked, params, setParams]);

  if (classrooms.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (classrooms.isError)
    return <QueryError error={classrooms.error} onRetry={() => void classrooms.refetch()} />;
  if (classrooms.data.length === 0)
    return (
      <Empty
        data-testid="assessments-no-classrooms"
        description={t('list.noClassrooms', { classrooms: words.classrooms, classroom: words.classroom })}
      />
    );

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center" justify="space-between">
        <Select
          aria-label={words.cap(words.classroom)}
          value={classroom?.id}
          placeholder={words.cap(words.classroom)}
          onChange={(id: string) => {
            const changed = new URLSearchParams(params);
            changed.set('classroom', id);
            setParams(changed, { replace: true });
          }}
          showSearch={{ optionFilterProp: 'label' }}
          options={classrooms.data.map((c) => ({
            value: c.id,
            label: work.isAdmin ? `${c.name} · ${c.teacherName}` : c.name,
          }))}
          style={{ flex: '1 1 220px', maxWidth: 380 }}
          data-testid="assessments-classroom"
        />
        {classroom ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="assessment-new"
          >
            {t('list.new')}
          </Button>
        ) : null}
      </Flex>
      {!classroom ? (
        <Empty description={t('list.pickClassroom', { classroom: words.classroom })} />
      ) : list.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.assessments.length === 0 ? (
        <Empty data-testid="assessments-empty" description={t('list.empty', { classroom: words.classroom })}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('list.new')}
          </Button>
        </Empty>
      ) : (
        <AssessmentList
          assessments={list.data.assessments}
          canDelete={work.managesClassrooms}
          onEdit={(assessment) => setEditing(assessment)}
        />
      )}
      {classroom ? (
        <AssessmentForm
          open={editing !== null}
          accountId={classroom.accountId}
          classroomId={classroom.id}
          assessment={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Flex>
  );
}
