import {
  ArrowLeftOutlined,
  CalendarOutlined,
  CarryOutOutlined,
  EditOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  theme as antdTheme,
  Button,
  Card,
  Col,
  Descriptions,
  Row,
  Skeleton,
  Statistic,
  Tabs,
  Tag,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { formatMonth } from '../../lib/billing-month';
import { useDigits } from '../../lib/use-digits';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import { classroomDetailQuery } from './classroom-api';
import { ClassroomFormDrawer } from './classroom-form-drawer';
import { ClassroomModerators } from './classroom-moderators';
import { ClassroomPortalSettings } from './classroom-portal-settings';
import { ClassroomRoster } from './classroom-roster';

export interface ClassroomPageProps {
  onOpenStudent: (accountId: string, studentId: string) => void;
  onAddStudent: (accountId: string, classroomId: string) => void;
  /** The classroom's wall, from the wall feature (features meet in app/routes). */
  renderWall?: (accountId: string, classroomId: string) => ReactNode;
  /** The classroom's files and notes, from the classroom-files feature. */
  renderFiles?: (accountId: string, classroomId: string) => ReactNode;
}

/** One classroom: its details, students with their fees, and (for its managers) its assistants. */
export function ClassroomPage(props: ClassroomPageProps) {
  const work = useWorkAccount();
  const { accountId = '', classroomId = '' } = useParams();
  if (!work) return null;
  return <ClassroomView {...props} work={work} accountId={accountId} classroomId={classroomId} />;
}

function ClassroomView({
  work,
  accountId,
  classroomId,
  onOpenStudent,
  onAddStudent,
  renderWall,
  renderFiles,
}: ClassroomPageProps & { work: WorkAccount; accountId: string; classroomId: string }) {
  const { t } = useTranslation(['students', 'portal', 'wall', 'files']);
  const { t: tApp } = useTranslation('app');
  const navigate = useNavigate();
  const { locale } = useLanguage();
  const digits = useDigits();
  const { token } = antdTheme.useToken();
  const money = useMoney(work.account.currency);
  const [editing, setEditing] = useState(false);
  const detail = useQuery(classroomDetailQuery(accountId, classroomId));
  const { words } = work;
  const back = (
    <Link to="../.." relative="path">
      <ArrowLeftOutlined className="bw-directional" />{' '}
      {t('classrooms.detail.back', { classroom: words.classroom, classrooms: words.cap(words.classrooms) })}
    </Link>
  );

  if (detail.isPending) {
    return (
      <>
        {back}
        <Card style={{ marginTop: 12 }}>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </>
    );
  }
  if (detail.isError) {
    return (
      <>
        {back}
        <Card style={{ marginTop: 12 }}>
          <QueryError error={detail.error} onRetry={() => void detail.refetch()} />
        </Card>
      </>
    );
  }

  const { classroom, fees } = detail.data;
  const closed = classroom.closedAt !== null;
  const number = (value: number) => value.toLocaleString(locale);
  const timings = classroom.timings
    .map((timing) => `${t(`days.${timing.day}`)} ${digits(`${timing.start}–${timing.end}`)}`)
    .join(', ');

  return (
    <>
      <div style={{ marginBottom: 8 }}>{back}</div>
      <div
        style={{
          height: 6,
          borderRadius: 3,
          background: classroom.color ?? token.colorPrimary,
          marginBottom: 12,
        }}
        aria-hidden="true"
      />
      <PageHeading
        title={classroom.name}
        subtitle={
          <>
            {classroom.grade} · {classroom.subject}
            {work.isAdmin || work.account.relation !== 'owner' ? ` · ${classroom.teacherName}` : ''}{' '}
            {closed ? <Tag>{t('classrooms.card.closed')}</Tag> : null}
          </>
        }
        extra={
          <>
            {/* The assessments page (its own feature) opens on this classroom. */}
            <Button
              icon={<CarryOutOutlined />}
              data-testid="classroom-assessments"
              onClick={() =>
                navigate(
                  {
                    pathname: '../../../assessments',
                    search: `?classroom=${encodeURIComponent(classroomId)}`,
                  },
                  { relative: 'path' },
                )
              }
            >
              {tApp('nav.assessments')}
            </Button>
            {/* Roll call and the register (the attendance feature) open on this classroom. */}
            <Button
              icon={<CalendarOutlined />}
              data-testid="classroom-attendance"
              onClick={() =>
                navigate(
                  {
                    pathname: '../../../attendance',
                    search: `?classroom=${encodeURIComponent(classroomId)}`,
                  },
                  { relative: 'path' },
                )
              }
            >
              {tApp('nav.attendance')}
            </Button>
            {work.managesClassrooms ? (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('classrooms.card.edit')}
              </Button>
            ) : null}
            {classroom.manageStudents && !closed ? (
              <Button
                type="primary"
                icon={<UserAddOutlined />}
                onClick={() => onAddStudent(accountId, classroomId)}
              >
                {t('students.add', { student: words.cap(words.student) })}
              </Button>
            ) : null}
          </>
        }
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {[
          { key: 'students', title: words.cap(words.students), value: number(detail.data.students.length) },
          { key: 'fee', title: t('classrooms.fields.fee'), value: money(fees.defaultPaisa) },
          { key: 'overrides', title: t('classrooms.detail.overrides'), value: number(fees.overrides) },
          { key: 'total', title: t('classrooms.detail.monthlyTotal'), value: money(fees.monthlyTotalPaisa) },
        ].map((stat) => (
          <Col key={stat.key} xs={12} lg={6}>
            <Card size="small" style={{ height: '100%' }}>
              <Statistic title={stat.title} value={stat.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 4 }}
          items={[
            {
              key: 'status',
              label: t('classrooms.fields.status'),
              children: t(`classrooms.status.${classroom.status}`),
            },
            {
              key: 'type',
              label: t('classrooms.fields.type'),
              children: t(`classrooms.types.${classroom.type}`),
            },
            {
              key: 'start',
              label: t('classrooms.fields.startDate'),
              children: classroom.startDate ? digits(classroom.startDate) : '—',
            },
            {
              key: 'month',
              label: t('classrooms.fields.collectionMonth'),
              children: classroom.collectionMonth ? formatMonth(classroom.collectionMonth, locale) : '—',
            },
            { key: 'timings', label: t('classrooms.fields.timings'), children: timings || '—' },
          ]}
        />
      </Card>
      <Card size="small">
        <Tabs
          items={[
            {
              key: 'students',
              label: words.cap(words.students),
              children: (
                <ClassroomRoster
                  detail={detail.data}
                  work={work}
                  money={money}
                  onOpenStudent={onOpenStudent}
                />
              ),
            },
            ...(renderWall
              ? [{ key: 'wall', label: t('wall:tab'), children: renderWall(accountId, classroomId) }]
              : []),
            ...(renderFiles
              ? [{ key: 'files', label: t('files:tab'), children: renderFiles(accountId, classroomId) }]
              : []),
            {
              key: 'portal',
              label: t('portal:teacher.tab'),
              children: (
                <ClassroomPortalSettings
                  accountId={accountId}
                  classroomId={classroomId}
                  canChange={work.managesClassrooms}
                />
              ),
            },
            ...(work.managesClassrooms
              ? [
                  {
                    key: 'moderators',
                    label: t('classrooms.tabs.moderators'),
                    children: <ClassroomModerators detail={detail.data} />,
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {work.managesClassrooms ? (
        <ClassroomFormDrawer
          open={editing}
          classroom={classroom}
          work={work}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </>
  );
}
