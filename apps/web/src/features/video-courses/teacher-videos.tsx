import { type Video, videoEndpoints } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Modal, Popconfirm, Skeleton, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResumableUpload } from '../../components/antd/resumable-upload';
import { call, endpointQuery, queryKeyOf } from '../../lib/api-client';
import { clockOf } from '../../lib/duration-clock';
import { translateError } from '../../lib/translate-error';
import { CourseEditor } from './course-editor';
import styles from './video.module.css';
import { VideoPlayer } from './video-player';

const STATUS_COLOURS = { queued: 'default', processing: 'blue', ready: 'green', failed: 'red' } as const;
/** While a video is being prepared the library is asked again this often. */
const POLL_MS = 4000;

/** The teacher's side of `/private-video-course`: the video library and the courses. */
/** The teacher's library: a video is uploaded resumably, then a job prepares it for streaming. */
export function TeacherVideos({ accountId, userId }: { accountId: string; userId: string }) {
  const { t } = useTranslation(['video', 'domain', 'errors']);
  const queryClient = useQueryClient();
  const library = useQuery({
    ...endpointQuery(videoEndpoints.library, { params: { accountId } }),
    refetchInterval: (query) =>
      query.state.data?.videos.some((v) => v.status === 'queued' || v.status === 'processing')
        ? POLL_MS
        : false,
  });
  const refresh = () =>
    queryClient.invalidateQueries({
      queryKey: queryKeyOf(videoEndpoints.library, { params: { accountId } }),
    });
  const add = useMutation({
    mutationFn: (uploadId: string) => call(videoEndpoints.add, { params: { accountId }, body: { uploadId } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (videoId: string) => call(videoEndpoints.remove, { params: { accountId, videoId } }),
    onSuccess: refresh,
  });
  const [newCourse, setNewCourse] = useState('');
  const create = useMutation({
    mutationFn: () =>
      call(videoEndpoints.createCourse, { params: { accountId }, body: { title: newCourse } }),
    onSuccess: () => {
      setNewCourse('');
      return refresh();
    },
  });
  const [preview, setPreview] = useState<Video>();
  const loadPreview = useCallback(
    () => call(videoEndpoints.preview, { params: { accountId, videoId: preview!.id } }),
    [accountId, preview],
  );

  if (library.isPending) return <Skeleton active />;
  if (library.isError) return <Alert type="error" showIcon message={translateError(t, library.error)} />;
  const { videos, courses, classrooms } = library.data;
  return (
    <>
      <Card title={t('library.title')} size="small">
        <ResumableUpload
          accountId={accountId}
          userId={userId}
          purpose="lesson-video"
          accept="video/*"
          onDone={({ uploadId }) => add.mutate(uploadId)}
        />
        {add.isError && <Alert type="error" showIcon message={translateError(t, add.error)} />}
        {videos.length === 0 ? (
          <Empty description={t('library.empty')} />
        ) : (
          <ul className={styles.list}>
            {videos.map((v) => (
              <li key={v.id} className={styles.item} data-testid="video-row">
                <div className={styles.grow}>
                  <strong>{v.title}</strong>{' '}
                  <Tag color={STATUS_COLOURS[v.status]}>{t(`status.${v.status}`)}</Tag>
                  <div>{[clockOf(v.durationMs), v.renditions.join(' · ')].filter(Boolean).join(' — ')}</div>
                  {v.status === 'failed' && (
                    <Alert
                      type="error"
                      showIcon
                      message={t(`domain:${v.errorCode}`, {
                        defaultValue: t('domain:VIDEO_TRANSCODE_FAILED'),
                      })}
                      description={v.errorDetail && <span className={styles.detail}>{v.errorDetail}</span>}
                    />
                  )}
                </div>
                <div className={styles.row}>
                  {v.status === 'ready' && (
                    <Button onClick={() => setPreview(v)}>{t('library.preview')}</Button>
                  )}
                  <Popconfirm title={t('library.deleteConfirm')} onConfirm={() => remove.mutate(v.id)}>
                    <Button danger>{t('library.delete')}</Button>
                  </Popconfirm>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card title={t('courses.title')} size="small">
        <form
          className={styles.row}
          onSubmit={(event) => {
            event.preventDefault();
            if (newCourse.trim()) create.mutate();
          }}
        >
          <Input
            className={styles.grow}
            value={newCourse}
            maxLength={120}
            onChange={(e) => setNewCourse(e.target.value)}
            placeholder={t('courses.newPlaceholder')}
            aria-label={t('courses.newPlaceholder')}
          />
          <Button htmlType="submit" type="primary" loading={create.isPending}>
            {t('courses.create')}
          </Button>
        </form>
        {create.isError && <Alert type="error" showIcon message={translateError(t, create.error)} />}
        {courses.length === 0 && <Empty description={t('courses.empty')} />}
      </Card>
      {courses.map((course) => (
        <CourseEditor
          key={`${course.id}:${course.updatedAt}`}
          accountId={accountId}
          course={course}
          videos={videos}
          classrooms={classrooms}
          onSaved={refresh}
        />
      ))}

      <Modal
        open={preview !== undefined}
        title={preview?.title}
        footer={null}
        onCancel={() => setPreview(undefined)}
        destroyOnHidden
      >
        {preview && <VideoPlayer key={preview.id} load={loadPreview} />}
      </Modal>
    </>
  );
}
