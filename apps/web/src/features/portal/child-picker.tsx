import { useTranslation } from 'react-i18next';
import type { PortalArea, PortalPage } from '../../lib/paths';
import { portalPath } from '../../lib/paths';
import styles from './portal.module.css';
import { followLink } from './portal-location';

/** Which child a page is about, when the family has more than one (a student: more than one record). */
export function ChildPicker({
  area,
  page,
  options,
  current,
}: {
  area: PortalArea;
  page: PortalPage;
  options: readonly { studentId: string; name: string; institution: string }[];
  current: string;
}) {
  const { t } = useTranslation('portal');
  if (options.length < 2) return null;
  // Two records of one student differ by institution, a parent's children by name.
  const label = (o: (typeof options)[number]) => (area === 'student' ? o.institution : o.name);
  return (
    <nav className={styles.chips} aria-label={t(`picker.${area}`)}>
      {options.map((o) => (
        <a
          key={o.studentId}
          href={`${portalPath(area, page)}?student=${encodeURIComponent(o.studentId)}`}
          onClick={followLink}
          aria-current={o.studentId === current ? 'true' : undefined}
          data-testid="child-pick"
        >
          {label(o)}
        </a>
      ))}
    </nav>
  );
}
