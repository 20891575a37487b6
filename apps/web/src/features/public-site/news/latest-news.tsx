import { NEWS_LANDING_COUNT } from '@batchwise/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import styles from './news.module.css';
import { NewsCard, NewsCardSkeleton } from './news-card';
import { useLatestNews, usePublicLiveUpdates } from './use-news';

const SKELETON_KEYS = ['a', 'b', 'c'];

/** The landing page's news: the latest 3 of the newest 10, and the way to the blog (spec §2.2). */
export function LatestNews() {
  const { t } = useTranslation('public');
  const latest = useLatestNews();
  usePublicLiveUpdates();
  const items = latest.data?.items.slice(0, NEWS_LANDING_COUNT) ?? [];
  return (
    <>
      <div className={styles.grid}>
        {latest.isPending
          ? SKELETON_KEYS.slice(0, NEWS_LANDING_COUNT).map((key) => <NewsCardSkeleton key={key} />)
          : items.map((item) => <NewsCard key={item.key} item={item} />)}
      </div>
      {latest.isError ? <p className={styles.status}>{t('news.loadError')}</p> : null}
      {latest.isSuccess && items.length === 0 ? <p className={styles.status}>{t('news.empty')}</p> : null}
      <p className={styles.status}>
        <Link to={paths.blog} className="bw-btn bw-btn--ghost">
          {t('welcome.news.allBlog')}
        </Link>
      </p>
    </>
  );
}
