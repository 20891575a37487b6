import { type Video, type VideoCourse, type VideoLibrary, videoEndpoints } from '@batchwise/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Input, Popconfirm, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import { CoursePublish } from './course-publish';
import { CourseViewers } from './course-viewers';
import styles from './video.module.css';

interface Draft {
  title: string;
  chapters: { title: string; videoIds: string[] }[];
  classroomIds: string[];
}

/** One course: its title, chapters of videos in order, the classrooms it is attached to. */
export function CourseEditor({
  accountId,
  course,
  videos,
  classrooms,
  onSaved,
}: {
  accountId: string;
  course: VideoCourse;
  videos: readonly Video[];
  classrooms: VideoLibrary['classrooms'];
  onSaved: () => void;
}) {
  const { t } = useTranslation(['video', 'domain', 'errors']);
  const [draft, setDraft] = useState<Draft>({
    title: course.title,
    chapters: course.chapters.map((c) => ({ title: c.title, videoIds: c.videoIds })),
    classroomIds: course.classroomIds,
  });
  const [showViewers, setShowViewers] = useState(false);
  const [showPublish, setShowPublish] = useState(false);
  const params = { accountId, courseId: course.id };
  const save = useMutation({
    mutationFn: () => call(videoEndpoints.saveCourse, { params, body: draft }),
    onSuccess: onSaved,
  });
  const remove = useMutation({
    mutationFn: () => call(videoEndpoints.removeCourse, { params }),
    onSuccess: onSaved,
  });
  const setChapter = (index: number, change: Partial<Draft['chapters'][number]>) =>
    setDraft((d) => ({ ...d, chapters: d.chapters.map((c, i) => (i === index ? { ...c, ...change } : c)) }));
  const videoOptions = videos.map((v) => ({ value: v.id, label: v.title }));

  return (
    <Card size="small" title={course.title} data-testid="video-course">
      <div className={styles.list}>
        <Input
          value={draft.title}
          maxLength={120}
          onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
          aria-label={t('courses.courseTitle')}
        />
        {draft.chapters.map((chapter, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: chapters have no id until saved; their order is their identity
          <div key={index} className={styles.row}>
            <Input
              className={styles.grow}
              value={chapter.title}
              maxLength={120}
              onChange={(e) => setChapter(index, { title: e.target.value })}
              aria-label={t('courses.chapterTitle')}
              placeholder={t('courses.chapterTitle')}
            />
            <Select
              className={styles.grow}
              mode="multiple"
              value={chapter.videoIds}
              onChange={(videoIds) => setChapter(index, { videoIds })}
              options={videoOptions}
              placeholder={t('courses.chooseVideos')}
              aria-label={t('courses.chooseVideos')}
              data-testid="video-chapter-videos"
            />
            <Button
              onClick={() => setDraft((d) => ({ ...d, chapters: d.chapters.filter((_, i) => i !== index) }))}
            >
              {t('courses.removeChapter')}
            </Button>
          </div>
        ))}
        <Button
          onClick={() =>
            setDraft((d) => ({
              ...d,
              chapters: [
                ...d.chapters,
                { title: t('courses.chapterN', { n: d.chapters.length + 1 }), videoIds: [] },
              ],
            }))
          }
        >
          {t('courses.addChapter')}
        </Button>
        <fieldset>
          <legend>{t('courses.classrooms')}</legend>
          {classrooms.length === 0 ? (
            <p>{t('courses.noClassrooms')}</p>
          ) : (
            <Checkbox.Group
              value={draft.classroomIds}
              onChange={(ids) => setDraft((d) => ({ ...d, classroomIds: ids as string[] }))}
              options={classrooms.map((c) => ({ value: c.id, label: c.name }))}
            />
          )}
        </fieldset>
        {(save.isError || remove.isError) && (
          <Alert type="error" showIcon message={translateError(t, save.error ?? remove.error)} />
        )}
        <div className={styles.row}>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => save.mutate()}
            data-testid="video-course-save"
          >
            {t('courses.save')}
          </Button>
          <Button onClick={() => setShowViewers((v) => !v)}>{t('viewers.show')}</Button>
          <Button onClick={() => setShowPublish((v) => !v)} data-testid="video-publish-open">
            {t('publish.open')}
          </Button>
          <Popconfirm title={t('courses.deleteConfirm')} onConfirm={() => remove.mutate()}>
            <Button danger>{t('courses.delete')}</Button>
          </Popconfirm>
        </div>
        {showViewers && <CourseViewers accountId={accountId} course={course} videos={videos} />}
        {showPublish && <CoursePublish accountId={accountId} course={course} />}
      </div>
    </Card>
  );
}
