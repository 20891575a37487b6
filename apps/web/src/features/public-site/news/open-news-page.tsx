import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { NewsImage, useNewsFormat, useNewsLabel } from './news-card';
import styles from './open-news-page.module.css';
import { useNewsItem, usePublicLiveUpdates } from './use-news';

/** /OpenNews?key=… (spec §2.2): one item with its sanitised description and read time. */
export function OpenNewsPage() {
  const { t } = useTranslation(['blog', 'public']);
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const news = useNewsItem(key);
  const format = useNewsFormat();
  const label = useNewsLabel();
  usePublicLiveUpdates();
  const item = news.data;
  usePageMeta(
    item?.title ?? t('public:pages.openNews'),
    item?.summary ?? t('public:seo.openNews'),
    key ? `/OpenNews?key=${encodeURIComponent(key)}` : undefined,
  );

  if (key && news.isPending) return <PageLoader />;
  if (!item) {
    return (
      <section className={styles.page} aria-labelledby="page-title">
        <h1 id="page-title" className={styles.title}>
          {t('blog:notFound.title')}
        </h1>
        <p className={styles.meta}>{t('blog:notFound.body')}</p>
        <Link to={paths.blog} className="bw-btn bw-btn--primary">
          {t('blog:back')}
        </Link>
      </section>
    );
  }
  return (
    <article className={styles.page} aria-labelledby="page-title">
      <p className={styles.topline}>
        <Link to={paths.blog}>{t('blog:back')}</Link>
      </p>
      <p className={styles.label}>{label(item.label)}</p>
      <h1 id="page-title" className={styles.title}>
        {item.title}
      </h1>
      <p className={styles.meta}>
        {item.author ? <span>{t('public:news.by', { author: item.author })}</span> : null}
        <span>
          {t('blog:published')}{' '}
          <time dateTime={new Date(item.date).toISOString()}>{format.date(item.date)}</time>
        </span>
        <span>{format.readTime(item.readTimeMinutes)}</span>
      </p>
      {item.image ? (
        <div className={styles.figure}>
          <NewsImage image={item.image} eager />
        </div>
      ) : null}
      {/* The server sanitised this HTML when it was saved (sanitize-html, formatting tags only). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server, see above */}
      <div className={styles.body} dangerouslySetInnerHTML={{ __html: item.description }} />
    </article>
  );
}
