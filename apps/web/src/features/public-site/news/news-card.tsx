import { BANGLADESH_TIME_ZONE, type NewsItem } from '@batchwise/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/use-language';
import styles from './news.module.css';

export function openNewsHref(key: string): string {
  return `/OpenNews?key=${encodeURIComponent(key)}`;
}

/** "Announcement" is the default label (spec §3); show it in the reader's language. */
export function useNewsLabel(): (label: string) => string {
  const { t } = useTranslation('public');
  return (label) => (label === 'Announcement' ? t('news.defaultLabel') : label);
}

export function useNewsFormat() {
  const { locale } = useLanguage();
  const { t } = useTranslation('public');
  // Bangladesh's calendar day (the domain's dates default to it too): the server renders the
  // landing page's cards, and must print the date the reader's browser would.
  const date = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: BANGLADESH_TIME_ZONE,
  });
  const number = new Intl.NumberFormat(locale);
  return {
    date: (ms: number) => date.format(ms),
    readTime: (minutes: number) => t('news.readTime', { n: number.format(Math.max(1, minutes)) }),
  };
}

/** Pictures are sized variants in WebP; `sizes` lets phones fetch the 480 px one. */
export function NewsImage({ image, eager = false }: { image: string; eager?: boolean }) {
  return (
    <img
      className={styles.image}
      src={`${image}-480.webp`}
      srcSet={`${image}-480.webp 480w, ${image}-960.webp 960w, ${image}-1600.webp 1600w`}
      sizes="(min-width: 1180px) 370px, (min-width: 700px) 45vw, 100vw"
      width={480}
      height={270}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}

/**
 * A news item in a list; it opens in a new tab (spec §2.2). `eager` for a card at the top of a
 * page, whose picture is likely the largest thing on screen: lazy loading would only delay it.
 */
export function NewsCard({
  item,
  headingLevel = 3,
  eager = false,
}: {
  item: NewsItem;
  headingLevel?: 2 | 3;
  eager?: boolean;
}) {
  const { t } = useTranslation('public');
  const format = useNewsFormat();
  const label = useNewsLabel();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {item.image ? (
          <NewsImage image={item.image} eager={eager} />
        ) : (
          <span className={styles.placeholder} aria-hidden="true" />
        )}
      </div>
      <div className={styles.cardBody}>
        <p className={styles.meta}>
          <span className={styles.label}>{label(item.label)}</span>
          <time dateTime={new Date(item.date).toISOString()}>{format.date(item.date)}</time>
        </p>
        <Heading className={styles.cardTitle}>
          <a href={openNewsHref(item.key)} target="_blank" rel="noopener" className={styles.cardLink}>
            {item.title}
            <span className="bw-visually-hidden"> {t('news.opensInNewTab')}</span>
          </a>
        </Heading>
        <p className={styles.summary}>{item.summary}</p>
        <p className={styles.footer}>
          {item.author ? <span>{item.author}</span> : null}
          <span>{format.readTime(item.readTimeMinutes)}</span>
        </p>
      </div>
    </article>
  );
}

/** Space held for cards while they load, so nothing below jumps when they arrive. */
export function NewsCardSkeleton() {
  return (
    <div className={`${styles.card} ${styles.skeleton}`} aria-hidden="true">
      <div className={styles.media}>
        <span className={styles.placeholder} />
      </div>
      <div className={styles.cardBody}>
        <span className={styles.line} />
        <span className={styles.lineWide} />
        <span className={styles.lineWide} />
      </div>
    </div>
  );
}
