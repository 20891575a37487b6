import {
  addDays,
  type CalendarFeed,
  dayOf,
  fillPath,
  type PortalSchedule,
  queryString,
  TIMETABLE_PORTAL_PATHS,
} from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../lib/api';
import { formatStart } from '../../lib/format-time';
import styles from './portal.module.css';
import { usePortalFormat } from './portal-format';
import { QueryStates } from './portal-states';

/** Days of classes the section lists, from today. */
const DAYS_AHEAD = 13;

/**
 * A child's classes for the next two weeks as the timetable says (cancelled, moved and holiday
 * classes struck through), and the family member's own calendar link for the child.
 */
export function ScheduleSection({ studentId }: { studentId: string }) {
  const { t } = useTranslation(['portal', 'errors']);
  const f = usePortalFormat();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState<string | null>(null);
  const from = dayOf(Date.now());
  const range = { from, to: addDays(from, DAYS_AHEAD) };
  const path = fillPath(TIMETABLE_PORTAL_PATHS.schedule, { studentId });
  const query = useQuery({
    queryKey: ['timetable', { studentId }, path, range],
    queryFn: ({ signal }) => apiFetch<PortalSchedule>(path + queryString(range), { signal }),
  });
  const feedPath = fillPath(TIMETABLE_PORTAL_PATHS.feed, { studentId });
  const settle = () => queryClient.invalidateQueries({ queryKey: ['timetable', { studentId }] });
  const make = useMutation({
    mutationFn: () => apiFetch<CalendarFeed>(feedPath, { method: 'POST' }),
    onSuccess: async (feed) => {
      setUrl(feed.url);
      await settle();
    },
  });
  const stop = useMutation({
    mutationFn: () => apiFetch(feedPath, { method: 'DELETE' }),
    onSuccess: async () => {
      setUrl(null);
      await settle();
    },
  });
  return (
    <section className={styles.panel} data-testid="portal-schedule">
      <h2>{t('schedule.title')}</h2>
      <QueryStates query={query}>
        {(schedule) => (
          <>
            {schedule.occurrences.length === 0 ? (
              <p className={styles.muted}>{t('schedule.empty')}</p>
            ) : (
              <ul className={styles.list}>
                {schedule.occurrences.map((o) => {
                  const off = o.status === 'cancelled' || o.status === 'moved' || o.status === 'holiday';
                  return (
                    <li
                      key={`${o.classroomId}${o.date}${o.start}`}
                      data-testid="schedule-item"
                      data-status={o.status}
                    >
                      <span style={off ? { textDecoration: 'line-through' } : undefined}>
                        {f.day(o.date)} · {formatStart(o.start, f.locale)} – {formatStart(o.end, f.locale)} ·{' '}
                        {o.classroomName}
                      </span>{' '}
                      {o.status === 'scheduled' ? null : (
                        <span className={styles.badge} data-tone={off ? 'warn' : undefined}>
                          {t(`schedule.status.${o.status}`)}
                        </span>
                      )}
                      {o.place ? (
                        <div className={styles.muted} style={{ overflowWrap: 'anywhere' }}>
                          {o.place}
                        </div>
                      ) : null}
                      {o.note ? <div className={styles.muted}>{o.note}</div> : null}
                    </li>
                  );
                })}
              </ul>
            )}
            <h3>{t('schedule.feedTitle')}</h3>
            <p className={styles.muted}>{t('schedule.feedHint')}</p>
            {url ? (
              <p data-testid="portal-feed-url" style={{ overflowWrap: 'anywhere' }}>
                {url}
              </p>
            ) : null}
            <div className={styles.actions}>
              <button
                type="button"
                className="bw-btn bw-btn--ghost"
                onClick={() => make.mutate()}
                disabled={make.isPending}
              >
                {schedule.feed ? t('schedule.feedRemake') : t('schedule.feedMake')}
              </button>
              {schedule.feed ? (
                <button
                  type="button"
                  className="bw-btn bw-btn--ghost"
                  onClick={() => {
                    if (window.confirm(t('schedule.feedStopConfirm'))) stop.mutate();
                  }}
                  disabled={stop.isPending}
                >
                  {t('schedule.feedStop')}
                </button>
              ) : null}
            </div>
          </>
        )}
      </QueryStates>
    </section>
  );
}
