import { dayOf, isBangladeshDay } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Select, Skeleton, Tabs } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DatePicker } from '../../components/antd/date-picker';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { classroomsQuery } from '../../lib/classrooms-query';
import { paths } from '../../lib/paths';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import { LiveBoard } from './live-board';
import { RegisterGrid } from './register-grid';
import { RollCallPanel } from './roll-call';
import { type CalendarTarget, StudentCalendarDrawer } from './student-calendar';

const TABS = ['roll-call', 'register', 'live', 'insights'] as const;
type Tab = (typeof TABS)[number];
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
// Read-only input: on a phone a tap opens the calendar instead of the keyboard.
const DATE_PICKER = { allowClear: false, inputReadOnly: true, size: 'large' } as const;

/** A classroom of the picker, as a tab's body receives it. */
export interface AttendanceClassroom {
  accountId: string;
  classroomId: string;
  name: string;
}

export interface AttendancePageProps {
  /** A classroom's insights tab, composed in by the routes (another feature's panel). */
  insights?: (classroom: AttendanceClassroom) => ReactNode;
}

/**
 * Attendance: roll call of a classroom session, the month register with
 * each student's calendar, today's live board and, when composed in, a classroom's insights. The
 * classroom, date, month and tab live in the address (`?classroom=…&date=…&tab=register`), so the
 * classroom page links straight here.
 */
export function AttendancePage({ insights }: AttendancePageProps) {
  const work = useWorkAccount();
  const { t } = useTranslation('attendance');
  if (!work) return <PageHeading title={t('title')} />;
  return <Attendance work={work} insights={insights} />;
}

function Attendance({ work, insights }: { work: WorkAccount } & AttendancePageProps) {
  const { t } = useTranslation(['attendance', 'domain', 'errors']);
  const [params, setParams] = useSearchParams();
  const classrooms = useQuery(classroomsQuery(work.account.id));
  const [calendar, setCalendar] = useState<CalendarTarget | null>(null);
  const today = dayOf(Date.now());
  const asked = params.get('tab');
  const tab: Tab =
    TABS.includes(asked as Tab) && (asked !== 'insights' || insights) ? (asked as Tab) : 'roll-call';
  const askedDate = params.get('date') ?? '';
  const date = isBangladeshDay(askedDate) && askedDate <= today ? askedDate : today;
  const askedMonth = params.get('month') ?? '';
  const month = MONTH.test(askedMonth) && askedMonth <= today.slice(0, 7) ? askedMonth : date.slice(0, 7);
  const list = classrooms.data ?? [];
  const classroom = list.find((c) => c.id === params.get('classroom')) ?? list[0];
  const change = (next: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const merged = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(next)) {
          if (value === null) merged.delete(key);
          else merged.set(key, value);
        }
        return merged;
      },
      { replace: true },
    );

  const picker = (
    <Select
      value={classroom?.id}
      onChange={(id) => change({ classroom: id })}
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t('pick.classroom')}
      placeholder={t('pick.classroom')}
      data-testid="attendance-classroom"
      style={{ flex: '1 1 220px', minWidth: 0, maxWidth: 420 }}
      size="large"
      options={list.map((c) => ({
        value: c.id,
        label: work.isAdmin ? `${c.name} · ${c.teacherName}` : c.name,
      }))}
    />
  );
  const ref: AttendanceClassroom | null = classroom
    ? { accountId: classroom.accountId, classroomId: classroom.id, name: classroom.name }
    : null;
  // A classroom tab: the classroom picker beside the tab's own date or month, then the tab.
  const classroomTab = (when: ReactNode, body: (room: AttendanceClassroom) => ReactNode) => {
    if (classrooms.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
    if (classrooms.isError)
      return <QueryError error={classrooms.error} onRetry={() => void classrooms.refetch()} />;
    if (!ref)
      return (
        <Empty description={t('pick.noClassrooms')} data-testid="attendance-no-classrooms">
          <Link to="../classrooms" relative="path">
            {t('pick.toClassrooms')}
          </Link>
        </Empty>
      );
    return (
      <Flex vertical gap={12}>
        <Flex wrap gap={8}>
          {picker}
          {when}
        </Flex>
        {body(ref)}
      </Flex>
    );
  };

  return (
    <>
      <PageHeading
        title={t('title')}
        subtitle={work.account.institution}
        extra={
          work.account.relation === 'assistant' ? null : (
            <Flex wrap gap={12}>
              <Link to="other-users" relative="path" data-testid="attendance-other-users-link">
                {t('otherUsersLink')}
              </Link>
              <Link to={paths.sentinelConnectedDevices} data-testid="attendance-devices-link">
                {t('devicesLink')}
              </Link>
            </Flex>
          )
        }
      />
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={(next) => change({ tab: next === 'roll-call' ? null : next })}
          items={[
            {
              key: 'roll-call',
              label: t('tabs.rollCall'),
              children: classroomTab(
                <DatePicker
                  {...DATE_PICKER}
                  value={dayjs(date)}
                  format="DD-MM-YYYY"
                  aria-label={t('pick.date')}
                  data-testid="attendance-date"
                  disabledDate={(day) => day.format('YYYY-MM-DD') > today}
                  onChange={(value) => value && change({ date: value.format('YYYY-MM-DD') })}
                  style={{ flex: '0 1 180px' }}
                />,
                (room) => <RollCallPanel key={`${room.classroomId}|${date}`} classroom={room} date={date} />,
              ),
            },
            {
              key: 'register',
              label: t('tabs.register'),
              children: classroomTab(
                <DatePicker
                  {...DATE_PICKER}
                  picker="month"
                  value={dayjs(`${month}-01`)}
                  format="MM-YYYY"
                  aria-label={t('pick.month')}
                  data-testid="attendance-month"
                  disabledDate={(day) => day.format('YYYY-MM') > today.slice(0, 7)}
                  onChange={(value) => value && change({ month: value.format('YYYY-MM') })}
                  style={{ flex: '0 1 160px' }}
                />,
                (room) => <RegisterGrid classroom={room} month={month} onOpenStudent={setCalendar} />,
              ),
            },
            {
              key: 'live',
              label: t('tabs.live'),
              children: <LiveBoard accountId={work.account.id} onOpenStudent={setCalendar} />,
            },
            ...(insights
              ? [
                  {
                    key: 'insights',
                    label: t('tabs.insights'),
                    children: classroomTab(null, (room) => (
                      <div key={room.classroomId}>{insights(room)}</div>
                    )),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <StudentCalendarDrawer
        target={calendar}
        month={tab === 'register' ? month : today.slice(0, 7)}
        onClose={() => setCalendar(null)}
      />
    </>
  );
}
