import {
  PUBLIC_VIDEO_PATHS,
  type PublicVideoCourse,
  publicVideoCoursePath,
  type publicVideoEndpoints,
} from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { clockOf } from '../../lib/duration-clock';
import { pathCall, pathQuery } from '../../lib/path-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMoney } from '../../lib/use-money';
import { useQueryParams } from '../../lib/use-query-params';
import { BuyForm } from './buy-form';
import styles from './public-video.module.css';

// hls.js is most of a player's weight: it loads when a lesson is opened, not with the page.
const PublicVideoPlayer = lazy(async () => ({
  default: (await import('./public-video-player')).PublicVideoPlayer,
}));

/** While the IPN has not confirmed a purchase yet, the page asks again this often. */
const PENDING_POLL_MS = 2000;
const storageKey = (key: string) => `bw-video-access:${key}`;

/**
 * The buyer's access token: the one in the address (their access link, which the page also keeps
 * in this browser), else the one kept from an earlier visit. See public-video-pay.service.ts.
 */
function useAccessToken(key: string, fromLink: string | null): string | undefined {
  useEffect(() => {
    if (key && fromLink) stored(() => localStorage.setItem(storageKey(key), fromLink));
  }, [key, fromLink]);
  return fromLink ?? (key ? (stored(() => localStorage.getItem(storageKey(key))) ?? undefined) : undefined);
}

/** Storage can be switched off (private windows, strict settings): the link alone then works. */
function stored<T>(use: () => T): T | undefined {
  try {
    return use();
  } catch {
    return undefined;
  }
}

/**
 * `/public-video-course?key=…` (spec part 1 §2 "Public routes"): a course a teacher published to
 * anyone with its link. Title, institution and teacher, chapters of lessons with posters and
 * durations; a free course plays at once, a paid one after buying (contracts/public-video.ts). A
 * light page: no Ant Design, and the player only when a lesson is opened.
 */
export function PublicVideoCoursePage() {
  const { t } = useTranslation(['video', 'domain', 'errors']);
  const params = useQueryParams();
  const key = params.get('key') ?? '';
  const access = useAccessToken(key, params.get('access'));
  const payment = params.get('payment');
  const course = useQuery({
    ...pathQuery<typeof publicVideoEndpoints.publicCourse>(PUBLIC_VIDEO_PATHS.course, {
      params: { key },
      query: { access },
    }),
    enabled: key !== '',
    retry: false,
    refetchInterval: (query) => (query.state.data?.access === 'pending' ? PENDING_POLL_MS : false),
  });
  useDocumentTitle(course.data?.title ?? t('public.title'));

  const unavailable =
    key === '' || (course.isError && course.error instanceof ApiError && course.error.status < 500);
  return (
    <section className={styles.page} aria-labelledby="video-course-title">
      {unavailable ? (
        <div className={styles.card}>
          <h1 id="video-course-title" className={styles.title}>
            {t('public.title')}
          </h1>
          <p className={styles.error} role="alert" data-testid="video-course-unavailable">
            {t('domain:VIDEO_COURSE_UNAVAILABLE')}
          </p>
        </div>
      ) : course.isError ? (
        <p className={styles.error} role="alert">
          {t('errors:generic')}
        </p>
      ) : course.data === undefined ? (
        <div className={styles.spinner} role="status" aria-label={t('public.loading')} />
      ) : (
        <CourseBody courseKey={key} course={course.data} access={access} payment={payment} />
      )}
    </section>
  );
}

function CourseBody({
  courseKey,
  course,
  access,
  payment,
}: {
  courseKey: string;
  course: PublicVideoCourse;
  access: string | undefined;
  payment: string | null;
}) {
  const { t } = useTranslation(['video', 'domain', 'errors']);
  const money = useMoney();
  const [playing, setPlaying] = useState<string>();
  const load = useCallback(
    () =>
      pathCall<typeof publicVideoEndpoints.publicPlay>('POST', PUBLIC_VIDEO_PATHS.play, {
        params: { key: courseKey, videoId: playing! },
        body: { access },
      }),
    [courseKey, playing, access],
  );
  const watchable = course.access === 'granted';
  const price = money(course.pricePaisa);
  const accessLink =
    course.pricing === 'paid' && watchable && access
      ? `${window.location.origin}${publicVideoCoursePath(courseKey)}&access=${encodeURIComponent(access)}`
      : null;
  return (
    <>
      <header className={styles.card}>
        <h1 id="video-course-title" className={styles.title}>
          {course.title}
        </h1>
        <p className={styles.muted} data-testid="video-course-by">
          {t('public.by', { teacher: course.teacher, institution: course.institution })}
        </p>
        <p className={styles.muted}>
          {course.pricing === 'free' ? t('publish.free') : t('publish.paidAt', { price })}
        </p>
        {course.access === 'pending' && (
          <p className={styles.notice} role="status" data-testid="video-payment-pending">
            {t('public.pending')}
          </p>
        )}
        {payment && course.access === 'none' && (
          <p className={styles.error} role="alert">
            {t(payment === 'cancelled' ? 'public.cancelled' : 'public.failed')}
          </p>
        )}
        {accessLink && (
          <div className={styles.notice} data-testid="video-access-granted">
            <p>{t('public.accessKept')}</p>
            <input
              className={styles.accessLink}
              readOnly
              value={accessLink}
              aria-label={t('public.accessLink')}
              onFocus={(e) => e.target.select()}
            />
          </div>
        )}
        {course.access === 'none' &&
          (course.payable ? (
            <BuyForm courseKey={courseKey} price={price} />
          ) : (
            <p className={styles.muted}>{t('domain:PAY_ONLINE_OFF')}</p>
          ))}
      </header>

      {playing && watchable && (
        <div className={styles.card}>
          <Suspense
            fallback={<div className={styles.spinner} role="status" aria-label={t('public.loading')} />}
          >
            <PublicVideoPlayer key={playing} load={load} />
          </Suspense>
        </div>
      )}

      <div className={styles.card}>
        {course.chapters.map((chapter) => (
          <section key={chapter.id} aria-label={chapter.title}>
            <h2 className={styles.chapter}>{chapter.title}</h2>
            <ul className={styles.videos}>
              {chapter.videos.map((video) => (
                <li key={video.id}>
                  <button
                    type="button"
                    className={styles.lesson}
                    disabled={!watchable}
                    aria-current={playing === video.id}
                    onClick={() => {
                      setPlaying(video.id);
                      window.scrollTo({ top: 0, behavior: 'smooth' });
                    }}
                    data-testid="video-lesson"
                  >
                    {video.posterUrl ? (
                      <img className={styles.poster} src={video.posterUrl} alt="" loading="lazy" />
                    ) : (
                      <span className={styles.poster} />
                    )}
                    <span className={styles.lessonText}>
                      <strong>{video.title}</strong>
                      <span className={styles.muted}>{clockOf(video.durationMs)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
