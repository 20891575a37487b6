import { HistoryOutlined, UserOutlined } from '@ant-design/icons';
import type { AttendanceMark, AttendanceStatus, RollCallStudent } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Avatar, theme as antdTheme, Button, Empty, Flex, Popover, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { formatDateTime } from '../../lib/format-time';
import { useLanguage } from '../../lib/use-language';
import { formatClock, markHistoryQuery, STATUS_COLORS, STATUSES } from './attendance-api';

export interface SessionRef {
  accountId: string;
  classroomId: string;
  date: string;
  start: string;
}

/**
 * One student in the roll call: name and who marked them, then four large buttons (present, late,
 * absent, leave) that fill a 375 px phone's width for a thumb, and the mark's history.
 */
export function RollCallRow({
  student,
  status,
  mark,
  unsaved,
  session,
  onMark,
}: {
  student: RollCallStudent;
  status: AttendanceStatus | null;
  mark: AttendanceMark | undefined;
  /** Tapped and not yet saved. */
  unsaved: boolean;
  session: SessionRef;
  onMark: (status: AttendanceStatus) => void;
}) {
  const { t } = useTranslation('attendance');
  const { locale } = useLanguage();
  const { token } = antdTheme.useToken();
  const byLine =
    mark && !unsaved
      ? t('rollCall.markedBy', { who: whoMarked(t, mark), time: formatClock(mark.markedAt, locale) })
      : '';
  return (
    <div
      data-testid="roll-call-row"
      data-student={student.name}
      data-status={status ?? 'none'}
      style={{ paddingBlock: 10, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <Flex align="center" gap={10} style={{ marginBottom: 8 }}>
        <Avatar src={student.avatarUrl ?? undefined} icon={<UserOutlined />} alt="" />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text strong ellipsis style={{ display: 'block' }}>
            {student.name}
            {student.customId ? (
              <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                {' '}
                · {student.customId}
              </Typography.Text>
            ) : null}
          </Typography.Text>
          <Typography.Text
            type="secondary"
            ellipsis
            style={{ display: 'block', fontSize: 12, minHeight: 18 }}
          >
            {student.enrolled ? null : <Tag>{t('rollCall.left')}</Tag>}
            {byLine}
          </Typography.Text>
        </div>
        {mark ? <HistoryButton name={student.name} studentId={student.id} session={session} /> : null}
      </Flex>
      <StatusButtons name={student.name} value={status} onChange={onMark} />
    </div>
  );
}

/** The four statuses as one radio group of big buttons. */
function StatusButtons({
  name,
  value,
  onChange,
}: {
  name: string;
  value: AttendanceStatus | null;
  onChange: (status: AttendanceStatus) => void;
}) {
  const { t } = useTranslation('attendance');
  return (
    <div role="radiogroup" aria-label={t('rollCall.statusOf', { name })} style={{ display: 'flex', gap: 6 }}>
      {STATUSES.map((status) => {
        const on = value === status;
        return (
          <Button
            key={status}
            role="radio"
            aria-checked={on}
            // Neutral until chosen, then filled in its colour: a status colour as text on a dark
            // card is under 4.5:1, white on the fill is not (WCAG 1.4.3).
            color={on ? (STATUS_COLORS[status] as 'green') : 'default'}
            variant={on ? 'solid' : 'outlined'}
            onClick={() => onChange(status)}
            data-testid={`mark-${status}`}
            style={{ flex: '1 1 0', minWidth: 0, height: 44, paddingInline: 2, fontWeight: on ? 600 : 400 }}
          >
            {t(`status.${status}`)}
          </Button>
        );
      })}
    </div>
  );
}

function whoMarked(
  t: (key: string) => string,
  mark: Pick<AttendanceMark, 'source' | 'markedByName'>,
): string {
  if (mark.source === 'punch') return t('source.punch');
  // Marked from an online class's participants: Zoom, whoever asked for the report.
  if (mark.source === 'zoom') return t('source.zoom');
  return mark.markedByName ?? t('source.someone');
}

/** Every change of this mark: who set what, over which status, when. */
function HistoryButton({
  name,
  studentId,
  session,
}: {
  name: string;
  studentId: string;
  session: SessionRef;
}) {
  const { t } = useTranslation('attendance');
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={t('history.title', { name })}
      content={open ? <HistoryList studentId={studentId} session={session} /> : null}
    >
      <Button
        type="text"
        icon={<HistoryOutlined />}
        aria-label={t('history.open', { name })}
        data-testid="mark-history-open"
        style={{ width: 44, height: 44 }}
      />
    </Popover>
  );
}

function HistoryList({ studentId, session }: { studentId: string; session: SessionRef }) {
  const { t } = useTranslation(['attendance', 'domain', 'errors']);
  const { locale } = useLanguage();
  const history = useQuery(
    markHistoryQuery(session, { date: session.date, start: session.start, studentId }),
  );
  if (history.isPending) return <Skeleton active paragraph={{ rows: 2 }} style={{ width: 240 }} />;
  if (history.isError) return <QueryError error={history.error} onRetry={() => void history.refetch()} />;
  if (history.data.items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <ol data-testid="mark-history" style={{ margin: 0, paddingInlineStart: 18, maxWidth: 280 }}>
      {history.data.items.map((item) => (
        <li key={`${item.markedAt}-${item.status}`} style={{ marginBottom: 6 }}>
          <Tag color={STATUS_COLORS[item.status]}>{t(`status.${item.status}`)}</Tag>
          {item.previousStatus ? (
            <Typography.Text type="secondary">
              {t('history.was', { status: t(`status.${item.previousStatus}`) })}
            </Typography.Text>
          ) : null}
          <div>
            <Typography.Text>{whoMarked(t, item)}</Typography.Text>
            <Typography.Text type="secondary"> · {formatDateTime(item.markedAt, locale)}</Typography.Text>
          </div>
        </li>
      ))}
    </ol>
  );
}
