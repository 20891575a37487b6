import { NEWS_LANDING_COUNT, type NewsItem } from '@batchwise/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import styles from './news.module.css';
import { NewsCard, NewsCardSkeleton } from './news-card';
import { useFeaturedNews, useLatestNews, usePublicLiveUpdates } from './use-news';

const SKELETON_KEYS = ['a', 'b', 'c'];

/**
 * The landing page's news cards, without fetching: `items` undefined and not `failed` is the
 * loading state. The server renders this too (prerender/entry-server.tsx) to fill the static
 * /welcome page per request, so `data-news-slot` marks what it replaces and `data-slot-pending`
 * tells the browser when the server could not (main.tsx then starts the app, which fetches).
 */
export function LatestNewsSlot({ items, failed = false }: { items?: readonly NewsItem[]; failed?: boolean }) {
  const { t } = useTranslation('public');
  const pending = !items && !failed;
  const shown = items?.slice(0, NEWS_LANDING_COUNT) ?? [];
  return (
    <div className={styles.slot} data-news-slot="" data-slot-pending={pending ? '' : undefined}>
      <div className={styles.grid}>
        {pending
          ? SKELETON_KEYS.slice(0, NEWS_LANDING_COUNT).map((key) => <NewsCardSkeleton key={key} />)
          : shown.map((item) => <NewsCard key={item.key} item={item} />)}
      </div>
      {failed ? <p className={styles.status}>{t('news.loadError')}</p> : null}
      {items && shown.length === 0 ? <p className={styles.status}>{t('news.empty')}</p> : null}
    </div>
  );
}

/**
 * The landing page's news: the latest 3 of the newest 10, and the way to the blog (spec §2.2).
 * Items staff featured (`/config-landing-page`) come first, as the server renders them.
 */
export function LatestNews({ featured = [] }: { featured?: readonly string[] }) {
  const { t } = useTranslation('public');
  const latest = useLatestNews();
  const featuredItems = useFeaturedNews(featured);
  usePublicLiveUpdates();
  const keys = new Set(featuredItems.map((item) => item.key));
  const items = latest.data && [...featuredItems, ...latest.data.items.filter((item) => !keys.has(item.key))];
  return (
    <>
      <LatestNewsSlot items={items} failed={latest.isError} />
      <p className={styles.status}>
        <Link to={paths.blog} className="bw-btn bw-btn--ghost">
          {t('welcome.news.allBlog')}
        </Link>
      </p>
    </>
  );
}
