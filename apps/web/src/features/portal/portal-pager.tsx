import { useTranslation } from 'react-i18next';
import styles from './portal.module.css';
import { usePortalFormat } from './portal-format';

/** Newer / page n of m / older, for the portal's paged lists (messages, the classroom wall). */
export function PortalPager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('portal');
  const f = usePortalFormat();
  return (
    <div className={styles.row}>
      <button
        type="button"
        className="bw-btn bw-btn--ghost"
        disabled={page === 1}
        onClick={() => onPage(page - 1)}
      >
        {t('messages.newer')}
      </button>
      <span className={styles.muted}>
        {t('messages.page', {
          page: f.number(page),
          pages: f.number(Math.max(1, Math.ceil(total / pageSize))),
        })}
      </span>
      <button
        type="button"
        className="bw-btn bw-btn--ghost"
        disabled={page * pageSize >= total}
        onClick={() => onPage(page + 1)}
      >
        {t('messages.older')}
      </button>
    </div>
  );
}
