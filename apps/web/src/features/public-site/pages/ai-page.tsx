import type { SiteConfig } from '@batchwise/domain';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useSiteConfig } from '../news/support-chat';
import { type CardItem, CtaBand, FaqList, PageHero, PlannedTag, Section } from '../sections/blocks';
import styles from './ai-page.module.css';

type Video = SiteConfig['aiVideos'][number];

/**
 * A configured video plays in place; an unconfigured slot shows a poster, never a broken player.
 * Embeds load only when the operator configured them (AI_VIDEO_URLS).
 */
function VideoFrame({ video, title }: { video: Video | undefined; title: string }) {
  const { t } = useTranslation('ai');
  if (video?.kind === 'embed') {
    return (
      <iframe
        className={styles.player}
        src={video.url}
        title={t('playerLabel', { title })}
        loading="lazy"
        allow="encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  if (video?.kind === 'file') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: product demos without speech; the card text describes them
      <video
        className={styles.player}
        src={video.url}
        controls
        preload="none"
        aria-label={t('playerLabel', { title })}
      />
    );
  }
  return (
    <div className={styles.poster}>
      <svg viewBox="0 0 24 24" width="44" height="44" aria-hidden="true">
        <circle cx="12" cy="12" r="11" fill="currentColor" opacity=".18" />
        <path d="M10 8l6 4-6 4z" fill="currentColor" />
      </svg>
      <span>{t('posterNote')}</span>
    </div>
  );
}

/** /ai (spec §2.2): 5 video cards and 9 FAQs. */
export function AiPage() {
  const { t } = useTranslation(['ai', 'public']);
  const site = useSiteConfig();
  usePageMeta(t('public:pages.ai'), t('public:seo.ai'));
  const videos = t('videos', { returnObjects: true }) as CardItem[];
  return (
    <>
      <PageHero eyebrow={t('eyebrow')} title={t('title')} lead={t('intro')} />
      <Section id="videos-title" title={t('videosTitle')}>
        <ul className={styles.videos}>
          {videos.map((video, index) => (
            <li key={video.title} className={styles.video} data-feature={video.feature}>
              <div className={styles.frame}>
                <VideoFrame video={site.data?.aiVideos[index]} title={video.title} />
              </div>
              <h3 className={styles.videoTitle}>
                {video.title} <PlannedTag feature={video.feature} />
              </h3>
              <p className={styles.videoBody}>{video.body}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="faq-title" title={t('public:faq.title')} band>
        <FaqList items={t('faq', { returnObjects: true }) as { q: string; a: string }[]} />
      </Section>
      <CtaBand
        title={t('public:welcome.finalCta.title')}
        body={t('public:welcome.finalCta.body')}
        to={paths.signUp}
        button={t('public:cta.startFree')}
      />
    </>
  );
}
