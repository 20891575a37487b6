import { useTranslation } from 'react-i18next';
import type { PortalArea } from '../../lib/paths';
import { ChildCard } from './child-card';
import styles from './portal.module.css';
import type { PortalAnswer } from './portal-api';
import { usePortalFormat } from './portal-format';
import { EmptyState } from './portal-states';

/**
 * The parent home (one card per child linked to the verified phone, across every teacher) and
 * the student's own (one card per record). A parent with one child sees that child's page: the
 * card alone, under the child's name.
 */
export function HomePage({ area, home }: { area: PortalArea; home: PortalAnswer<'home'> }) {
  const { t } = useTranslation('portal');
  const f = usePortalFormat();
  const only = home.children.length === 1 ? home.children[0] : undefined;
  return (
    <>
      <h1 className={styles.title}>{only && area === 'parent' ? only.name : t(`home.title.${area}`)}</h1>
      {area === 'parent' && !only ? (
        <p className={styles.subtitle}>
          {t('home.children', { count: home.children.length, formatted: f.number(home.children.length) })}
        </p>
      ) : null}
      {home.children.length === 0 ? (
        <EmptyState text={t(`home.empty.${area}`)} testId="portal-no-children" />
      ) : (
        <div className={styles.grid}>
          {home.children.map((child) => (
            <ChildCard key={child.studentId} child={child} area={area} f={f} />
          ))}
        </div>
      )}
    </>
  );
}
