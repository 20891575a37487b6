import { type Video, type VideoCourse, videoEndpoints } from '@batchwise/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Popconfirm, Progress, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { call, endpointQuery } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import styles from './video.module.css';

/** The course's students: may each watch (block or allow), and how far each got in each video. */
export function CourseViewers({
  accountId,
  course,
  videos,
}: {
  accountId: string;
  course: VideoCourse;
  videos: readonly Video[];
}) {
  const { t } = useTranslation(['video', 'domain', 'errors']);
  const viewers = useQuery(
    endpointQuery(videoEndpoints.viewers, { params: { accountId, courseId: course.id } }),
  );
  const permission = useMutation({
    mutationFn: (input: { studentId: string; allowed: boolean }) =>
      call(videoEndpoints.setPermission, {
        params: { accountId, studentId: input.studentId },
        body: { allowed: input.allowed },
      }),
    onSuccess: () => viewers.refetch(),
  });
  const courseVideos = course.chapters
    .flatMap((c) => c.videoIds)
    .map((id) => videos.find((v) => v.id === id))
    .filter((v) => v !== undefined);
  if (viewers.isPending) return <Skeleton active />;
  if (viewers.isError) return <Alert type="error" showIcon message={translateError(t, viewers.error)} />;
  if (viewers.data.viewers.length === 0) return <Empty description={t('viewers.empty')} />;
  return (
    <>
      {permission.isError && <Alert type="error" showIcon message={translateError(t, permission.error)} />}
      <ul className={styles.list}>
        {viewers.data.viewers.map((viewer) => (
          <li key={viewer.studentId} className={styles.item} data-testid="video-viewer">
            <div className={styles.grow}>
              <strong>{viewer.name}</strong>{' '}
              <Tag color={viewer.allowed ? 'green' : 'red'}>
                {viewer.allowed ? t('viewers.allowed') : t('viewers.blocked')}
              </Tag>
              {courseVideos.map((v) => {
                const at = viewer.progress.find((p) => p.videoId === v.id);
                return (
                  <div key={v.id} className={styles.row}>
                    <span className={styles.grow}>{v.title}</span>
                    <Progress percent={at?.percent ?? 0} size="small" style={{ width: 140 }} />
                  </div>
                );
              })}
            </div>
            {viewer.allowed ? (
              <Popconfirm
                title={t('viewers.blockConfirm', { name: viewer.name })}
                onConfirm={() => permission.mutate({ studentId: viewer.studentId, allowed: false })}
              >
                <Button danger>{t('viewers.block')}</Button>
              </Popconfirm>
            ) : (
              <Button onClick={() => permission.mutate({ studentId: viewer.studentId, allowed: true })}>
                {t('viewers.allow')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
