import { DAY_NAMES } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatStart } from '../../lib/format-time';
import { OnlineClassesSection } from './online-classes-section';
import styles from './portal.module.css';
import { portalQueries } from './portal-api';
import { usePortalFormat } from './portal-format';
import { EmptyState, QueryStates } from './portal-states';
import { ScheduleSection } from './schedule-section';

/** A child's classes: the teacher, the monthly fee and the weekly schedule when there is one. */
export function ClassesPage({ studentId, name }: { studentId: string; name: string }) {
  const { t } = useTranslation(['portal', 'domain', 'errors']);
  const f = usePortalFormat();
  const query = useQuery(portalQueries.classes(studentId));
  // 4 January 2026 was a Sunday, the first of DAY_NAMES.
  const dayName = (day: (typeof DAY_NAMES)[number]) =>
    new Intl.DateTimeFormat(f.locale, { weekday: 'long', timeZone: 'UTC' }).format(
      Date.UTC(2026, 0, 4 + DAY_NAMES.indexOf(day)),
    );
  return (
    <>
      <h1 className={styles.title}>{t('classes.title', { name })}</h1>
      <QueryStates query={query}>
        {({ classes }) =>
          classes.length === 0 ? (
            <EmptyState text={t('classes.empty')} />
          ) : (
            <div className={styles.grid}>
              {classes.map((c) => (
                <section key={c.classroomId} className={styles.panel} data-testid="classes-item">
                  <h2>{c.name}</h2>
                  <p className={styles.muted}>
                    {[c.grade, c.subject, c.institution].filter(Boolean).join(' · ')}
                  </p>
                  <p>{t('classes.teacher', { name: c.teacherName })}</p>
                  <p>{t('classes.fee', { amount: f.money(c.monthlyFeePaisa) })}</p>
                  {c.schedule.length > 0 ? (
                    <ul className={styles.list}>
                      {c.schedule.map((slot) => (
                        <li key={`${slot.day}${slot.start}`}>
                          {dayName(slot.day)}: {formatStart(slot.start, f.locale)} –{' '}
                          {formatStart(slot.end, f.locale)}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className={styles.muted}>{t('classes.noSchedule')}</p>
                  )}
                </section>
              ))}
            </div>
          )
        }
      </QueryStates>
      <OnlineClassesSection studentId={studentId} name={name} />
      <ScheduleSection studentId={studentId} />
    </>
  );
}
