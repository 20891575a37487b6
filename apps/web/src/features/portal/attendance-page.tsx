import { addMonths } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CalendarDay, calendarDaysOf, leadBlanks, WEEK, weekdayLetter } from '../../lib/calendar-days';
import { useLiveUpdates } from '../../lib/use-live-updates';
import styles from './attendance.module.css';
import shared from './portal.module.css';
import { type PortalAnswer, portalQueries } from './portal-api';
import { type PortalFormat, usePortalFormat } from './portal-format';
import { EmptyState, QueryStates } from './portal-states';

/** The portal's month; the public link's answer carries the same and the institution's logo. */
type Attendance = PortalAnswer<'attendance'>;
type Classroom = Attendance['classrooms'][number];

/**
 * A child's attendance month: per classroom a calendar (present, late, absent, leave, no class)
 * with entry and exit times, the totals and the percentage. While the page is open the server's
 * live stream names this child on every punch (`portal` { studentId }), so today's times appear
 * without a reload.
 */
export function AttendancePage({ studentId }: { studentId: string }) {
  const [month, setMonth] = useState<string | undefined>(undefined);
  const query = useQuery(portalQueries.attendance(studentId, month));
  useLiveUpdates(true);
  return (
    <QueryStates query={query}>{(data) => <AttendanceMonth data={data} onMonth={setMonth} />}</QueryStates>
  );
}

/**
 * The month itself, for the portal and for the app-free page a family opens from the link in an
 * attendance SMS (public-attendance-page.tsx): month switcher, today's punches and each classroom.
 */
export function AttendanceMonth({ data, onMonth }: { data: Attendance; onMonth: (month: string) => void }) {
  const { t } = useTranslation('portal');
  const f = usePortalFormat();
  return (
    <>
      <h1 className={shared.title}>{t('attendance.title', { name: data.student.name })}</h1>
      <div className={styles.monthNav}>
        <button
          type="button"
          className="bw-btn bw-btn--ghost"
          onClick={() => onMonth(addMonths(data.month, -1))}
          aria-label={t('attendance.previous')}
        >
          ‹
        </button>
        <strong data-testid="attendance-month">{f.month(data.month)}</strong>
        <button
          type="button"
          className="bw-btn bw-btn--ghost"
          onClick={() => onMonth(addMonths(data.month, 1))}
          disabled={data.month >= data.today.slice(0, 7)}
          aria-label={t('attendance.next')}
        >
          ›
        </button>
      </div>
      <Today data={data} f={f} />
      {data.classrooms.length === 0 ? <EmptyState text={t('attendance.noClassrooms')} /> : null}
      {data.classrooms.map((classroom) => (
        <ClassroomMonth key={classroom.id} data={data} classroom={classroom} f={f} />
      ))}
    </>
  );
}

/** Today's punches, newest last: what a parent opens the page for in the morning. */
function Today({ data, f }: { data: Attendance; f: PortalFormat }) {
  const { t } = useTranslation('portal');
  if (data.month !== data.today.slice(0, 7)) return null;
  const today = calendarDaysOf(data).find((day) => day.date === data.today);
  const punches = data.punches.filter((p) => p.at >= Date.parse(`${data.today}T00:00:00+06:00`));
  return (
    <section className={shared.panel} aria-labelledby="today-title" aria-live="polite">
      <h2 id="today-title">{t('attendance.today', { date: f.day(data.today) })}</h2>
      {punches.length === 0 ? (
        <p className={shared.muted} data-testid="attendance-today-empty">
          {t('attendance.noPunchToday')}
        </p>
      ) : (
        <ul className={styles.punches} data-testid="attendance-today">
          {punches.map((punch) => (
            <li
              key={`${punch.at}-${punch.direction}`}
              data-testid="attendance-punch"
              data-direction={punch.direction}
            >
              <span className={shared.badge} data-tone={punch.direction === 'entry' ? undefined : 'info'}>
                {t(`attendance.${punch.direction}`)}
              </span>{' '}
              {f.clock(punch.at)}
            </li>
          ))}
        </ul>
      )}
      {today?.marks.length ? (
        <p className={shared.muted}>
          {today.marks
            .map(
              (m) =>
                `${data.classrooms.find((c) => c.id === m.classroomId)?.name ?? ''}: ${t(`attendance.status.${m.status}`)}`,
            )
            .join(' · ')}
        </p>
      ) : null}
    </section>
  );
}

function ClassroomMonth({ data, classroom, f }: { data: Attendance; classroom: Classroom; f: PortalFormat }) {
  const { t } = useTranslation('portal');
  const days = calendarDaysOf({
    month: data.month,
    punches: data.punches,
    marks: data.marks.filter((m) => m.classroomId === classroom.id),
  });
  const { summary } = classroom;
  return (
    <section className={shared.panel} data-testid="attendance-classroom">
      <div className={shared.row}>
        <h2>{classroom.name}</h2>
        {summary.percent === null ? null : (
          <span className={shared.big} data-testid="attendance-percent">
            {f.percent(summary.percent)}
          </span>
        )}
      </div>
      <p className={styles.totals}>
        {(['present', 'late', 'absent', 'leave'] as const).map((status) => (
          <span key={status} className={styles.total} data-status={status}>
            {t(`attendance.status.${status}`)} {f.number(summary[status])}
          </span>
        ))}
        <span className={shared.muted}>
          {t('attendance.sessions', { count: summary.sessions, formatted: f.number(summary.sessions) })}
        </span>
      </p>
      <ol className={styles.grid} aria-label={f.month(data.month)}>
        {WEEK.map((day) => (
          <li key={day} className={styles.weekday} aria-hidden="true">
            {weekdayLetter(day, f.locale)}
          </li>
        ))}
        {Array.from({ length: leadBlanks(days[0]?.date ?? `${data.month}-01`) }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before the first day
          <li key={`lead-${i}`} aria-hidden="true" />
        ))}
        {days.map((day) => (
          <DayCell key={day.date} day={day} today={data.today} f={f} />
        ))}
      </ol>
      <p className={styles.legend}>
        {(['present', 'late', 'absent', 'leave', 'arrived', 'none'] as const).map((status) => (
          <span key={status} className={styles.total} data-status={status}>
            {t(`attendance.status.${status}`)}
          </span>
        ))}
      </p>
    </section>
  );
}

function DayCell({ day, today, f }: { day: CalendarDay; today: string; f: PortalFormat }) {
  const { t } = useTranslation('portal');
  // A day with several sessions shows its worst mark: an absence matters more than a late.
  const order = ['absent', 'late', 'leave', 'present'] as const;
  // A gate punch with no roll call that day (a kiosk or device alone) still shows the child came:
  // "At the centre", told apart from a teacher's mark because no classroom session recorded it.
  const status =
    order.find((s) => day.marks.some((m) => m.status === s)) ?? (day.entry !== null ? 'arrived' : 'none');
  const label = [
    f.day(day.date),
    t(`attendance.status.${status}`),
    day.entry === null ? null : t('today.inAt', { time: f.clock(day.entry) }),
    day.exit === null ? null : t('today.outAt', { time: f.clock(day.exit) }),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <li
      className={styles.day}
      data-status={status}
      data-today={day.date === today || undefined}
      data-testid="attendance-day"
      data-date={day.date}
      title={label}
    >
      <span className="bw-visually-hidden">{label}</span>
      <span className={styles.dayNumber} aria-hidden="true">
        {f.number(Number(day.date.slice(8)))}
      </span>
      {day.entry !== null ? (
        <span className={styles.time} aria-hidden="true">
          {f.clock(day.entry)}
        </span>
      ) : null}
      {day.exit !== null ? (
        <span className={styles.time} aria-hidden="true">
          {f.clock(day.exit)}
        </span>
      ) : null}
    </li>
  );
}
