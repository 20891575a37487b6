import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../lib/paths';
import styles from './insight.module.css';
import type { Viewer } from './use-viewer';

/** What a viewer who may not see the page's figures (yet) is told; null when they may. */
export function ViewerNotice({ viewer, staffOnly = false }: { viewer: Viewer; staffOnly?: boolean }) {
  const { t } = useTranslation(['insight', 'errors']);
  if (viewer.kind === 'loading') return <PageLoader />;
  if (viewer.kind === 'signedOut')
    return (
      <p className={styles.error} role="alert">
        {t('common.signIn')} <Link to={paths.signIn}>{t('common.signInLink')}</Link>
      </p>
    );
  if (viewer.kind === 'error')
    return (
      <p className={styles.error} role="alert">
        {t('errors:generic')}
      </p>
    );
  if (staffOnly && viewer.kind !== 'staff')
    return (
      <p className={styles.error} role="alert">
        {t('common.staffOnly')}
      </p>
    );
  if (viewer.kind === 'refused')
    return (
      <p className={styles.error} role="alert">
        {t('common.ownersOnly')}
      </p>
    );
  return null;
}
