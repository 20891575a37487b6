import { LeftOutlined, LoginOutlined, LogoutOutlined, RightOutlined } from '@ant-design/icons';
import { addMonths, dayOf } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { theme as antdTheme, Button, Card, Drawer, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../components/antd/export-menu';
import { QueryError } from '../../components/antd/query-error';
import { useDrawerPlacement, useDrawerSize } from '../../components/antd/use-drawer-size';
import { formatMonth } from '../../lib/billing-month';
import { calendarDaysOf, leadBlanks, WEEK, weekdayLetter } from '../../lib/calendar-days';
import { exportTable } from '../../lib/download';
import { useLanguage } from '../../lib/use-language';
import {
  dmy,
  formatClock,
  formatNumber,
  formatSessionDate,
  formatStart,
  STATUS_COLORS,
  STATUSES,
  studentCalendarQuery,
} from './attendance-api';
import { percentText } from './register-grid';

export interface CalendarTarget {
  accountId: string;
  studentId: string;
  name: string;
}

/** A student's month: a calendar of marks, each day's entry and exit, and totals. */
export function StudentCalendarDrawer({
  target,
  month,
  onClose,
}: {
  target: CalendarTarget | null;
  month: string;
  onClose: () => void;
}) {
  const size = useDrawerSize(560);
  const placement = useDrawerPlacement();
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={size}
      placement={placement}
      title={target?.name}
      destroyOnHidden
    >
      {target ? <CalendarBody target={target} initialMonth={month} /> : null}
    </Drawer>
  );
}

function CalendarBody({ target, initialMonth }: { target: CalendarTarget; initialMonth: string }) {
  const { t } = useTranslation(['attendance', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { token } = antdTheme.useToken();
  const [month, setMonth] = useState(initialMonth);
  const query = useQuery(studentCalendarQuery(target.accountId, target.studentId, month));
  const thisMonth = dayOf(Date.now()).slice(0, 7);

  const nav = (
    <Flex align="center" justify="space-between" gap={8}>
      <Button
        icon={<LeftOutlined className="bw-directional" />}
        aria-label={t('calendar.previous')}
        onClick={() => setMonth(addMonths(month, -1))}
      />
      <Typography.Text strong data-testid="calendar-month">
        {formatMonth(month, locale)}
      </Typography.Text>
      <Button
        icon={<RightOutlined className="bw-directional" />}
        aria-label={t('calendar.next')}
        disabled={month >= thisMonth}
        onClick={() => setMonth(addMonths(month, 1))}
      />
    </Flex>
  );
  if (query.isPending)
    return (
      <>
        {nav}
        <Skeleton active paragraph={{ rows: 8 }} />
      </>
    );
  if (query.isError)
    return (
      <>
        {nav}
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  const calendar = query.data;
  const days = calendarDaysOf(calendar);
  const rooms = new Map(calendar.classrooms.map((c) => [c.id, c.name]));
  const lead = leadBlanks(days[0]!.date);
  const active = days.filter((d) => d.marks.length > 0 || d.entry !== null || d.exit !== null);
  const time = (at: number | null) => (at === null ? '–' : formatClock(at, locale));

  const handleExport = (format: 'pdf' | 'xlsx' | 'csv') =>
    exportTable({
      format,
      title: `${t('calendar.title')} ${target.name} ${month}`,
      headers: [
        t('export.date'),
        t('export.classroom'),
        t('export.session'),
        t('export.status'),
        t('export.in'),
        t('export.out'),
      ],
      rows: active.flatMap((d) => {
        const inOut = [time(d.entry), time(d.exit)];
        if (d.marks.length === 0) return [[dmy(d.date), '–', '–', '–', ...inOut]];
        return d.marks.map((m) => [
          dmy(d.date),
          rooms.get(m.classroomId) ?? '–',
          m.start,
          t(`status.${m.status}`),
          ...inOut,
        ]);
      }),
    });

  return (
    <Flex vertical gap={16} data-testid="student-calendar">
      {nav}
      <Flex wrap gap={8}>
        {calendar.classrooms.length === 0 ? <Empty description={t('calendar.noClassrooms')} /> : null}
        {calendar.classrooms.map((c) => (
          <Card key={c.id} size="small" style={{ flex: '1 1 220px' }} data-testid="calendar-summary">
            <Typography.Text strong>{c.name}</Typography.Text>
            <div style={{ fontSize: 22, fontWeight: 600 }}>{percentText(c.summary.percent, locale)}</div>
            <Flex wrap gap={4}>
              {STATUSES.map((status) => (
                <Tag key={status} color={STATUS_COLORS[status]}>
                  {t(`status.${status}`)} {formatNumber(c.summary[status], locale)}
                </Tag>
              ))}
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('calendar.sessions', {
                count: c.summary.sessions,
                formatted: formatNumber(c.summary.sessions, locale),
              })}
            </Typography.Text>
          </Card>
        ))}
      </Flex>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 4 }}>
        {WEEK.map((day) => (
          <div key={day} style={{ textAlign: 'center', fontSize: 12, color: token.colorTextSecondary }}>
            {weekdayLetter(day, locale)}
          </div>
        ))}
        {Array.from({ length: lead }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before the first day
          <div key={`lead-${i}`} />
        ))}
        {days.map((d) => (
          <div
            key={d.date}
            data-testid="calendar-day"
            data-date={d.date}
            title={formatSessionDate(d.date, locale, true)}
            style={{
              minHeight: 48,
              padding: 4,
              borderRadius: token.borderRadiusSM,
              border: `1px solid ${token.colorBorderSecondary}`,
              background: d.entry !== null ? token.colorSuccessBg : undefined,
            }}
          >
            <div style={{ fontSize: 12, color: token.colorTextSecondary }}>
              {formatNumber(Number(d.date.slice(8)), locale)}
            </div>
            <Flex wrap gap={2}>
              {d.marks.map((m) => (
                <Tag
                  key={`${m.classroomId}|${m.start}`}
                  color={STATUS_COLORS[m.status]}
                  style={{ marginInlineEnd: 0, paddingInline: 3, fontSize: 11, lineHeight: '16px' }}
                >
                  {t(`symbols.${m.status}`)}
                </Tag>
              ))}
            </Flex>
          </div>
        ))}
      </div>
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('calendar.days')}
        </Typography.Title>
        <ExportMenu
          variant="icon"
          formats={['pdf', 'xlsx', 'csv']}
          onExport={handleExport}
          disabled={active.length === 0}
        />
      </Flex>
      {active.length === 0 ? (
        <Empty description={t('calendar.empty')} />
      ) : (
        <Flex vertical gap={8} data-testid="calendar-days">
          {active.map((d) => (
            <Card key={d.date} size="small">
              <Flex justify="space-between" wrap gap={8}>
                <Typography.Text strong>{formatSessionDate(d.date, locale)}</Typography.Text>
                <Typography.Text type="secondary">
                  <LoginOutlined /> {time(d.entry)} · <LogoutOutlined /> {time(d.exit)}
                </Typography.Text>
              </Flex>
              <Flex wrap gap={4} style={{ marginTop: 4 }}>
                {d.marks.map((m) => (
                  <Tag key={`${m.classroomId}|${m.start}`} color={STATUS_COLORS[m.status]}>
                    {rooms.get(m.classroomId)} {formatStart(m.start, locale)} · {t(`status.${m.status}`)}
                  </Tag>
                ))}
              </Flex>
            </Card>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
