import { CheckOutlined, LoadingOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { type AttendanceStatus, dayOf, type RollCall, type RollCallSession } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { theme as antdTheme, Button, Empty, Flex, Segmented, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimePicker } from '../../components/antd/date-picker';
import { ExportMenu } from '../../components/antd/export-menu';
import { QueryError } from '../../components/antd/query-error';
import { exportTable } from '../../lib/download';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import {
  dmy,
  formatClock,
  formatNumber,
  formatStart,
  rollCallQuery,
  STATUS_COLORS,
  STATUSES,
} from './attendance-api';
import { RollCallRow } from './roll-call-row';
import { useRollCallSaver } from './use-roll-call-saver';

interface ClassroomRef {
  accountId: string;
  classroomId: string;
  name: string;
}

/** Bangladesh wall time now, "HH:mm". */
function nowHhMm(): string {
  return new Date(Date.now() + 6 * 3_600_000).toISOString().slice(11, 16);
}

/** Today: the session under way or the last begun; another day: the first. */
function defaultStart(sessions: readonly RollCallSession[], isToday: boolean): string | undefined {
  if (!isToday) return sessions[0]?.start;
  const now = nowHhMm();
  return [...sessions].reverse().find((s) => s.start <= now)?.start ?? sessions[0]?.start;
}

/**
 * Roll call of one classroom on one date: pick the session, "all present", then
 * tap the exceptions; each tap saves itself. A date without a scheduled session (or a classroom
 * without timings) gets a class opened at a time the teacher picks; it stays once it has marks.
 */
export function RollCallPanel({ classroom, date }: { classroom: ClassroomRef; date: string }) {
  const { t } = useTranslation(['attendance', 'domain', 'errors']);
  const { locale } = useLanguage();
  const query = useQuery(rollCallQuery(classroom, date));
  const [chosen, setChosen] = useState<string | null>(null);
  const [opened, setOpened] = useState<string[]>([]);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} data-testid="roll-call-loading" />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  const extra = opened
    .filter((start) => !data.sessions.some((s) => s.start === start))
    .map((start): RollCallSession => ({ start, end: null, scheduled: false, marks: [] }));
  const sessions = [...data.sessions, ...extra].sort((a, b) => a.start.localeCompare(b.start));
  const isToday = date === (data.today || dayOf(Date.now()));
  const start = sessions.some((s) => s.start === chosen) ? chosen! : defaultStart(sessions, isToday);
  const session = sessions.find((s) => s.start === start);
  const handleOpen = (at: string) => {
    setOpened((list) => [...list, at]);
    setChosen(at);
  };

  if (data.students.length === 0) {
    return <Empty description={t('rollCall.noStudents')} data-testid="roll-call-no-students" />;
  }
  return (
    <Flex vertical gap={12}>
      {sessions.length > 0 ? (
        <Flex wrap gap={8} align="center">
          {sessions.length > 1 ? (
            <Segmented<string>
              value={start}
              onChange={setChosen}
              data-testid="session-picker"
              options={sessions.map((s) => ({ value: s.start, label: sessionLabel(t, s, locale) }))}
            />
          ) : (
            <Typography.Text strong data-testid="session-label">
              {sessionLabel(t, sessions[0]!, locale)}
            </Typography.Text>
          )}
          <OpenClass label={t('rollCall.extraClass')} onOpen={handleOpen} compact />
        </Flex>
      ) : (
        <Empty
          data-testid="roll-call-no-session"
          description={t(data.classroom.timings.length ? 'rollCall.noSessionToday' : 'rollCall.noTimings')}
        >
          <OpenClass label={t('rollCall.openClass')} onOpen={handleOpen} />
        </Empty>
      )}
      {session ? (
        <SessionRollCall
          key={`${classroom.classroomId}|${date}|${session.start}`}
          classroom={classroom}
          data={data}
          session={session}
          date={date}
        />
      ) : null}
    </Flex>
  );
}

function sessionLabel(t: TFunction, s: RollCallSession, locale: string): string {
  const start = formatStart(s.start, locale);
  return s.end ? `${start} – ${formatStart(s.end, locale)}` : t('rollCall.extraAt', { start });
}

/** Opens a class at a time the teacher picks (now, rounded to five minutes, to begin with). */
function OpenClass({
  label,
  onOpen,
  compact,
}: {
  label: string;
  onOpen: (start: string) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation('attendance');
  const [picking, setPicking] = useState(!compact);
  const now = nowHhMm();
  const rounded = `${now.slice(0, 3)}${String(Math.floor(Number(now.slice(3)) / 5) * 5).padStart(2, '0')}`;
  const [time, setTime] = useState(rounded);
  if (!picking) {
    return (
      <Button type="link" icon={<PlusOutlined />} onClick={() => setPicking(true)} data-testid="extra-class">
        {label}
      </Button>
    );
  }
  return (
    <Flex gap={8} wrap justify="center">
      <TimePicker
        format="HH:mm"
        minuteStep={5}
        allowClear={false}
        inputReadOnly
        aria-label={t('rollCall.startTime')}
        value={dayjs(`2026-01-01T${time}`)}
        onChange={(value) => value && setTime(value.format('HH:mm'))}
        needConfirm={false}
        size="large"
      />
      <Button type="primary" size="large" onClick={() => onOpen(time)} data-testid="open-class">
        {label}
      </Button>
    </Flex>
  );
}

function SessionRollCall({
  classroom,
  data,
  session,
  date,
}: {
  classroom: ClassroomRef;
  data: RollCall;
  session: RollCallSession;
  date: string;
}) {
  const { t } = useTranslation(['attendance', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { token } = antdTheme.useToken();
  const saver = useRollCallSaver(classroom, date, session.start);
  const marks = new Map(session.marks.map((m) => [m.studentId, m]));
  const statusOf = (id: string): AttendanceStatus | null => saver.local[id] ?? marks.get(id)?.status ?? null;
  const counts = { present: 0, late: 0, absent: 0, leave: 0, none: 0 };
  for (const s of data.students) counts[statusOf(s.id) ?? 'none'] += 1;
  const unmarked = data.students.filter((s) => statusOf(s.id) === null);
  const everyone = unmarked.length === data.students.length;
  const sessionRef = {
    accountId: classroom.accountId,
    classroomId: classroom.classroomId,
    date,
    start: session.start,
  };

  const handleExport = (format: 'pdf' | 'xlsx' | 'csv') =>
    exportTable({
      format,
      title: `${t('rollCall.title')} ${classroom.name} ${dmy(date)} ${session.start}`,
      headers: [
        t('export.student'),
        t('export.customId'),
        t('export.status'),
        t('export.markedBy'),
        t('export.markedAt'),
      ],
      rows: data.students.map((s) => {
        const mark = marks.get(s.id);
        const status = statusOf(s.id);
        return [
          s.name,
          s.customId ?? '–',
          status ? t(`status.${status}`) : '–',
          mark ? (mark.source === 'punch' ? t('source.punch') : (mark.markedByName ?? '–')) : '–',
          mark ? formatClock(mark.markedAt, locale) : '–',
        ];
      }),
    });

  return (
    <div data-testid="roll-call" style={{ maxWidth: 760 }}>
      <div
        data-testid="roll-call-counts"
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 2,
          background: token.colorBgContainer,
          paddingBlock: 8,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Flex wrap gap={6} align="center">
          {STATUSES.map((status) => (
            <Tag
              key={status}
              color={STATUS_COLORS[status]}
              data-testid={`count-${status}`}
              style={{ marginInlineEnd: 0 }}
            >
              {t(`status.${status}`)} {formatNumber(counts[status], locale)}
            </Tag>
          ))}
          <Tag data-testid="count-none" style={{ marginInlineEnd: 0 }}>
            {t('rollCall.unmarked')} {formatNumber(counts.none, locale)}
          </Tag>
          <span style={{ marginInlineStart: 'auto' }}>
            <SaveIndicator state={saver.state} error={saver.error} onRetry={saver.retry} t={t} />
          </span>
        </Flex>
        <Flex gap={8} style={{ marginTop: 8 }}>
          <Button
            type="primary"
            size="large"
            icon={<CheckOutlined />}
            block
            disabled={unmarked.length === 0}
            onClick={() =>
              saver.mark(
                unmarked.map((s) => [s.id, 'present'] as const),
                true,
              )
            }
            data-testid="all-present"
          >
            {everyone
              ? t('rollCall.allPresent')
              : t('rollCall.restPresent', {
                  count: unmarked.length,
                  formatted: formatNumber(unmarked.length, locale),
                })}
          </Button>
          <ExportMenu variant="icon" formats={['pdf', 'xlsx', 'csv']} onExport={handleExport} />
        </Flex>
      </div>
      {data.students.map((student) => (
        <RollCallRow
          key={student.id}
          student={student}
          status={statusOf(student.id)}
          mark={marks.get(student.id)}
          unsaved={student.id in saver.local}
          session={sessionRef}
          onMark={(status) => saver.mark([[student.id, status]])}
        />
      ))}
    </div>
  );
}

function SaveIndicator({
  state,
  error,
  onRetry,
  t,
}: {
  state: ReturnType<typeof useRollCallSaver>['state'];
  error: unknown;
  onRetry: () => void;
  t: Parameters<typeof translateError>[0];
}) {
  if (state === 'saving')
    return (
      <Typography.Text type="secondary" data-testid="save-state" data-state="saving">
        <LoadingOutlined /> {t('rollCall.saving')}
      </Typography.Text>
    );
  if (state === 'error')
    return (
      <Typography.Text
        type="danger"
        data-testid="save-state"
        data-state="error"
        title={translateError(t, error)}
      >
        <WarningOutlined /> {t('rollCall.notSaved')}{' '}
        <Button size="small" onClick={onRetry}>
          {t('rollCall.retry')}
        </Button>
      </Typography.Text>
    );
  if (state === 'saved')
    return (
      <Typography.Text type="success" data-testid="save-state" data-state="saved">
        <CheckOutlined /> {t('rollCall.saved')}
      </Typography.Text>
    );
  return null;
}
