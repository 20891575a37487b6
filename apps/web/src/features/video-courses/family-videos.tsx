import { portalEndpoints, videoEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Segmented, Skeleton } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpointQuery } from '../../lib/api-client';
import { clockOf } from '../../lib/duration-clock';
import { translateError } from '../../lib/translate-error';
import styles from './video.module.css';
import { VideoPlayer } from './video-player';

/**
 * A student's (or parent's) side of `/private-video-course`: the courses of the child's
 * classrooms, chapter by chapter, and the player. A blocked student is told why there is nothing.
 */
export function FamilyVideos() {
  const { t } = useTranslation(['video', 'domain', 'errors']);
  const home = useQuery(endpointQuery(portalEndpoints.home));
  const [picked, setPicked] = useState<string>();
  const children = home.data?.children ?? [];
  const studentId = picked ?? children[0]?.studentId;
  if (home.isPending) return <Skeleton active />;
  if (home.isError) return <Alert type="error" showIcon message={translateError(t, home.error)} />;
  if (!studentId) return <Empty description={t('family.noChild')} />;
  return (
    <>
      {children.length > 1 && (
        <Segmented
          value={studentId}
          onChange={(value) => setPicked(String(value))}
          options={children.map((c) => ({ value: c.studentId, label: c.name }))}
        />
      )}
      <ChildCourses key={studentId} studentId={studentId} />
    </>
  );
}

function ChildCourses({ studentId }: { studentId: string }) {
  const { t } = useTranslation(['video', 'domain', 'errors']);
  const courses = useQuery(endpointQuery(videoEndpoints.familyCourses, { params: { studentId } }));
  const [videoId, setVideoId] = useState<string>();
  const load = useCallback(
    () => call(videoEndpoints.familyPlay, { params: { studentId, videoId: videoId! } }),
    [studentId, videoId],
  );
  const save = useCallback(
    (positionMs: number) => {
      if (!videoId) return;
      call(videoEndpoints.familyProgress, { params: { studentId, videoId }, body: { positionMs } }).catch(
        () => undefined,
      );
    },
    [studentId, videoId],
  );
  if (courses.isPending) return <Skeleton active />;
  if (courses.isError) return <Alert type="error" showIcon message={translateError(t, courses.error)} />;
  if (!courses.data.allowed) {
    return (
      <Alert type="warning" showIcon data-testid="video-blocked" message={t('domain:VIDEO_NOT_ALLOWED')} />
    );
  }
  if (courses.data.courses.length === 0) return <Empty description={t('family.empty')} />;
  const all = courses.data.courses.flatMap((c) => c.chapters.flatMap((ch) => ch.videos));
  const current = all.find((v) => v.id === videoId);
  return (
    <>
      {current && (
        <Card title={current.title} size="small">
          <VideoPlayer key={current.id} load={load} onProgress={save} />
        </Card>
      )}
      {courses.data.courses.map((course) => (
        <Card key={course.id} title={course.title} size="small">
          {course.chapters.map((chapter) => (
            <section key={chapter.id}>
              <h3>{chapter.title}</h3>
              {chapter.videos.length === 0 ? (
                <p>{t('family.chapterEmpty')}</p>
              ) : (
                <ul className={styles.list}>
                  {chapter.videos.map((v) => (
                    <li key={v.id}>
                      <Button
                        type={v.id === videoId ? 'primary' : 'default'}
                        block
                        className={styles.lesson}
                        onClick={() => setVideoId(v.id)}
                        data-testid="video-lesson"
                      >
                        <span className={styles.grow}>{v.title}</span>
                        <span>
                          {v.positionMs > 0
                            ? t('family.resumeAt', { at: clockOf(v.positionMs) })
                            : clockOf(v.durationMs)}
                        </span>
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </Card>
      ))}
    </>
  );
}
