import type { AttendanceRegister, AttendanceStatus } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { theme as antdTheme, Button, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { type CSSProperties, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../components/antd/export-menu';
import { QueryError } from '../../components/antd/query-error';
import { ScrollCue } from '../../components/antd/scroll-cue';
import { formatMonth } from '../../lib/billing-month';
import { exportTable } from '../../lib/download';
import { useLanguage } from '../../lib/use-language';
import { dmy, formatNumber, registerQuery, STATUS_COLORS, STATUSES } from './attendance-api';

type Row = AttendanceRegister['students'][number];

/** "66.7" in the reader's digits with a per cent sign, or a dash when nothing counts. */
export function percentText(percent: number | null, locale: string): string {
  return percent === null ? '–' : `${percent.toLocaleString(locale)}%`;
}

/**
 * The month register of a classroom: students down, the sessions held that month
 * across, a symbol per mark (P, L, A, Lv — in Bangla উ, দে, অ, ছু) and each student's totals. The
 * name column stays put while the grid scrolls inside its own box, so a phone never scrolls sideways.
 */
export function RegisterGrid({
  classroom,
  month,
  onOpenStudent,
}: {
  classroom: { accountId: string; classroomId: string; name: string };
  month: string;
  onOpenStudent: (student: { accountId: string; studentId: string; name: string }) => void;
}) {
  const { t } = useTranslation(['attendance', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { token } = antdTheme.useToken();
  const register = useQuery(registerQuery(classroom, month));
  const scrollerRef = useRef<HTMLDivElement>(null);
  if (register.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (register.isError) return <QueryError error={register.error} onRetry={() => void register.refetch()} />;
  const { sessions, students } = register.data;
  const symbol = (status: AttendanceStatus | null) => (status ? t(`symbols.${status}`) : '–');
  const twoOnADay = (date: string) => sessions.filter((s) => s.date === date).length > 1;
  const heading = (s: (typeof sessions)[number]) => `${formatNumber(Number(s.date.slice(8)), locale)}`;

  const handleExport = (format: 'pdf' | 'xlsx' | 'csv') =>
    exportTable({
      format,
      title: `${t('register.title')} ${classroom.name} ${month}`,
      headers: [
        t('export.student'),
        t('export.customId'),
        ...sessions.map((s) => `${dmy(s.date)} ${s.start}`),
        ...STATUSES.map((status) => t(`status.${status}`)),
        t('register.percent'),
      ],
      rows: students.map((r) => [
        r.name,
        r.customId ?? '–',
        ...r.statuses.map(symbol),
        ...STATUSES.map((status) => r.summary[status]),
        r.summary.percent === null ? '–' : `${r.summary.percent}%`,
      ]),
    });

  const cell: CSSProperties = {
    padding: '6px 8px',
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    textAlign: 'center',
    whiteSpace: 'nowrap',
  };
  const sticky: CSSProperties = {
    ...cell,
    position: 'sticky',
    insetInlineStart: 0,
    zIndex: 1,
    background: token.colorBgContainer,
    textAlign: 'start',
    maxWidth: 160,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
  };
  const head: CSSProperties = {
    ...cell,
    position: 'sticky',
    top: 0,
    background: token.colorFillAlter,
    zIndex: 1,
  };

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={8} align="center" justify="space-between">
        <Typography.Text type="secondary" data-testid="register-caption">
          {t('register.caption', {
            month: formatMonth(month, locale),
            sessions: formatNumber(sessions.length, locale),
            count: sessions.length,
          })}
        </Typography.Text>
        <ExportMenu
          formats={['pdf', 'xlsx', 'csv']}
          onExport={handleExport}
          disabled={students.length === 0 || sessions.length === 0}
        />
      </Flex>
      {students.length === 0 ? (
        <Empty description={t('register.empty')} />
      ) : sessions.length === 0 ? (
        <Empty data-testid="register-no-classes" description={t('register.noClasses')} />
      ) : (
        <>
          <ScrollCue target={scrollerRef} />
          <div
            ref={scrollerRef}
            data-testid="register-scroll"
            style={{
              overflow: 'auto',
              maxHeight: '70vh',
              maxWidth: '100%',
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadius,
            }}
          >
            <table
              data-testid="register"
              style={{ borderCollapse: 'separate', borderSpacing: 0, minWidth: '100%' }}
            >
              <thead>
                <tr>
                  <th
                    scope="col"
                    style={{ ...head, ...sticky, top: 0, zIndex: 3, background: token.colorFillAlter }}
                  >
                    {t('export.student')}
                  </th>
                  {sessions.map((s) => (
                    <th
                      key={`${s.date}|${s.start}`}
                      scope="col"
                      style={head}
                      title={`${dmy(s.date)} ${s.start}`}
                    >
                      {heading(s)}
                      {twoOnADay(s.date) ? (
                        <div style={{ fontSize: 11, fontWeight: 'normal' }}>{s.start}</div>
                      ) : null}
                    </th>
                  ))}
                  {STATUSES.map((status) => (
                    <th key={status} scope="col" style={head} title={t(`status.${status}`)}>
                      {t(`symbols.${status}`)}
                    </th>
                  ))}
                  <th scope="col" style={head}>
                    %
                  </th>
                </tr>
              </thead>
              <tbody>
                {students.map((r) => (
                  <RegisterRow
                    key={r.id}
                    row={r}
                    cell={cell}
                    sticky={sticky}
                    symbol={symbol}
                    onOpen={() =>
                      onOpenStudent({ accountId: classroom.accountId, studentId: r.id, name: r.name })
                    }
                  />
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" style={{ ...sticky, fontWeight: 600 }}>
                    {t('register.attended')}
                  </th>
                  {sessions.map((s) => (
                    <td
                      key={`${s.date}|${s.start}`}
                      style={{ ...cell, fontSize: 12 }}
                      data-testid="register-total"
                    >
                      {formatNumber(s.counts.present + s.counts.late, locale)}/
                      {formatNumber(
                        s.counts.present + s.counts.late + s.counts.absent + s.counts.leave,
                        locale,
                      )}
                    </td>
                  ))}
                  <td colSpan={STATUSES.length + 1} style={cell} />
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
      <Flex wrap gap={6}>
        {STATUSES.map((status) => (
          <Tag key={status} color={STATUS_COLORS[status]}>
            {t(`symbols.${status}`)} = {t(`status.${status}`)}
          </Tag>
        ))}
        <Tag>– = {t('register.noMark')}</Tag>
      </Flex>
    </Flex>
  );
}

function RegisterRow({
  row,
  cell,
  sticky,
  symbol,
  onOpen,
}: {
  row: Row;
  cell: CSSProperties;
  sticky: CSSProperties;
  symbol: (status: AttendanceStatus | null) => string;
  onOpen: () => void;
}) {
  const { t } = useTranslation('attendance');
  const { locale } = useLanguage();
  const { token } = antdTheme.useToken();
  const color: Record<AttendanceStatus, string> = {
    // The text variants: the plain status colours are for fills and fail 4.5:1 as text.
    present: token.colorSuccessText,
    late: token.colorWarningText,
    absent: token.colorErrorText,
    leave: token.colorInfoText,
  };
  return (
    <tr data-testid="register-row" data-student={row.name}>
      <th scope="row" style={sticky}>
        <Button
          type="link"
          size="small"
          onClick={onOpen}
          style={{ padding: 0 }}
          title={t('calendar.open', { name: row.name })}
        >
          {row.name}
        </Button>
        {row.enrolled ? null : (
          <Typography.Text type="secondary" style={{ fontSize: 11 }}>
            {' '}
            ({t('rollCall.left')})
          </Typography.Text>
        )}
      </th>
      {row.statuses.map((status, i) => (
        <td
          // biome-ignore lint/suspicious/noArrayIndexKey: one cell per session, in the sessions' fixed order
          key={i}
          data-status={status ?? 'none'}
          style={{ ...cell, fontWeight: 600, color: status ? color[status] : token.colorTextTertiary }}
        >
          {symbol(status)}
        </td>
      ))}
      {(['present', 'late', 'absent', 'leave'] as const).map((status) => (
        <td key={status} style={cell} data-testid={`total-${status}`}>
          {formatNumber(row.summary[status], locale)}
        </td>
      ))}
      <td style={{ ...cell, fontWeight: 600 }} data-testid="total-percent">
        {percentText(row.summary.percent, locale)}
      </td>
    </tr>
  );
}
