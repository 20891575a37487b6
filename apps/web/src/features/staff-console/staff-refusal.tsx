import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import styles from './staff-console.module.css';

/**
 * What a staff console page shows instead of its content when its first request was refused:
 * sign in (401) or staff only (403). Null for any other state (isStaffRefusal), so the page goes on.
 */
export function StaffRefusal({ error }: { error: unknown }) {
  const { t } = useTranslation('staff-console');
  if (!isStaffRefusal(error)) return null;
  if (error.status === 401)
    return (
      <p className={styles.error} role="alert">
        {t('signIn')} <Link to={paths.signIn}>{t('signInLink')}</Link>
      </p>
    );
  return (
    <p className={styles.error} role="alert">
      {t('staffOnly')}
    </p>
  );
}

/** Whether StaffRefusal has something to show for this error. */
export const isStaffRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);
