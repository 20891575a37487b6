import { fillPath, type PortalZoomMeetings, ZOOM_PATHS } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../lib/api';
import { formatStart } from '../../lib/format-time';
import styles from './portal.module.css';
import { usePortalFormat } from './portal-format';

/**
 * A child's coming online classes (Zoom meetings the teacher made), each with the child's own
 * join link: it opens Zoom under the child's name, which is how attendance finds the child.
 * Nothing shows while there are none.
 */
export function OnlineClassesSection({ studentId, name }: { studentId: string; name: string }) {
  const { t } = useTranslation('zoom');
  const f = usePortalFormat();
  const path = fillPath(ZOOM_PATHS.portalMeetings, { studentId });
  const query = useQuery({
    queryKey: ['zoom', { studentId }, path],
    queryFn: ({ signal }) => apiFetch<PortalZoomMeetings>(path, { signal }),
  });
  const meetings = query.data?.meetings ?? [];
  if (meetings.length === 0) return null;
  return (
    <section className={styles.panel} data-testid="portal-online-classes">
      <h2>{t('portal.title')}</h2>
      <p className={styles.muted}>{t('portal.hint', { name })}</p>
      <ul className={styles.list}>
        {meetings.map((m) => (
          <li key={m.id} data-testid="portal-online-class">
            {f.day(m.date)} · {formatStart(m.start, f.locale)} – {formatStart(m.end, f.locale)} ·{' '}
            {m.classroomName}
            <div className={styles.actions}>
              <a className="bw-btn" href={m.joinUrl} data-testid="portal-zoom-join">
                {t('portal.join')}
              </a>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
