import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageMeta } from '../../../lib/use-page-meta';
import { PageHero } from '../sections/blocks';
import blog from './blog-page.module.css';
import styles from './news.module.css';
import { NewsCard, NewsCardSkeleton } from './news-card';
import { SupportChat } from './support-chat';
import { useNewsList, usePublicLiveUpdates } from './use-news';

const SKELETON_KEYS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** /blog and /news (spec §2.2): every published item, search, and Load More 20 at a time. */
export function BlogPage({ pageId = 'blog' }: { pageId?: 'blog' | 'news' }) {
  const { t } = useTranslation(['blog', 'public']);
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  const list = useNewsList(q);
  usePublicLiveUpdates();
  usePageMeta(t(`public:pages.${pageId}`), t(`public:seo.${pageId}`));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    setParams(next ? { q: next } : {}, { replace: true });
  };

  return (
    <>
      <PageHero title={t('blog:title')} lead={t('blog:intro')}>
        <form className={blog.search} onSubmit={handleSubmit} aria-label={t('blog:searchLabel')}>
          <label htmlFor="blog-search" className="bw-visually-hidden">
            {t('blog:searchLabel')}
          </label>
          <input
            id="blog-search"
            type="search"
            className={blog.input}
            value={draft}
            maxLength={100}
            placeholder={t('blog:searchPlaceholder')}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="bw-btn bw-btn--primary">
            {t('blog:search')}
          </button>
        </form>
      </PageHero>
      <section className={blog.section} aria-label={t('blog:title')}>
        {q ? (
          <div className={styles.headerRow}>
            <p>{t('blog:results', { q })}</p>
            <button
              type="button"
              className="bw-btn bw-btn--ghost"
              onClick={() => setParams({}, { replace: true })}
            >
              {t('blog:clear')}
            </button>
          </div>
        ) : null}
        <div className={styles.grid}>
          {list.isPending
            ? SKELETON_KEYS.map((key) => <NewsCardSkeleton key={key} />)
            : items.map((item, index) => (
                <NewsCard key={item.key} item={item} headingLevel={2} eager={index === 0} />
              ))}
        </div>
        {list.isError ? (
          <p className={styles.status}>
            {t('public:news.loadError')}{' '}
            <button type="button" className="bw-btn bw-btn--ghost" onClick={() => void list.refetch()}>
              {t('public:news.retry')}
            </button>
          </p>
        ) : null}
        {list.isSuccess && items.length === 0 ? (
          <p className={styles.status}>{q ? t('blog:noResults', { q }) : t('public:news.empty')}</p>
        ) : null}
        <div className={blog.more}>
          {list.hasNextPage ? (
            <button
              type="button"
              className="bw-btn bw-btn--primary bw-btn--large"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? t('blog:loadingMore') : t('blog:loadMore')}
            </button>
          ) : list.isSuccess && items.length > 0 ? (
            <p className={styles.status}>{t('blog:end')}</p>
          ) : null}
        </div>
      </section>
      <SupportChat />
    </>
  );
}
