import { type Educast, type EducastList, educastEndpoints } from '@batchwise/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Input, InputNumber, Popconfirm, Select, Tag } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import { clockOf } from '../../lib/duration-clock';
import { formatDate } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import styles from './educast.module.css';

const STATE_COLOURS = {
  recording: 'orange',
  recorded: 'default',
  publishing: 'blue',
  published: 'green',
  failed: 'red',
} as const;

/** The length students will see: what was recorded less the trim. */
const keptMs = (e: Educast) => Math.max(0, e.durationMs - (e.trimStartS + e.trimEndS) * 1000);

/** One recording: its state, and what can still be done with it. */
export function EducastRow({
  accountId,
  educast: e,
  courses,
  onChanged,
}: {
  accountId: string;
  educast: Educast;
  courses: EducastList['courses'];
  onChanged: () => unknown;
}) {
  const { t, i18n } = useTranslation(['educast', 'domain', 'errors']);
  const params = { accountId, educastId: e.id };
  const ids = useId();
  const [title, setTitle] = useState(e.title);
  const [trimStartS, setTrimStart] = useState(e.trimStartS);
  const [trimEndS, setTrimEnd] = useState(e.trimEndS);
  const [courseId, setCourseId] = useState<string | undefined>(courses[0]?.id);
  const chapters = courses.find((c) => c.id === courseId)?.chapters ?? [];
  const [chapterId, setChapterId] = useState<string | undefined>(chapters[0]?.id);
  const save = useMutation({
    mutationFn: () =>
      call(educastEndpoints.edit, { params, body: { title: title.trim(), trimStartS, trimEndS } }),
    onSuccess: onChanged,
  });
  const publish = useMutation({
    mutationFn: async () => {
      await call(educastEndpoints.edit, { params, body: { title: title.trim(), trimStartS, trimEndS } });
      return call(educastEndpoints.publish, { params, body: { courseId: courseId!, chapterId: chapterId! } });
    },
    onSuccess: onChanged,
  });
  const finish = useMutation({
    mutationFn: () => call(educastEndpoints.finish, { params, body: {} }),
    onSuccess: onChanged,
  });
  const remove = useMutation({
    mutationFn: () => call(educastEndpoints.remove, { params }),
    onSuccess: onChanged,
  });
  const failure = save.error ?? publish.error ?? finish.error ?? remove.error;
  const editable = e.state === 'recorded';
  const ready = e.state === 'published' && e.videoStatus === 'ready';
  const joinLink = e.code ? `${window.location.origin}/edc-join?code=${e.code}` : '';

  return (
    <li className={styles.item} data-testid="educast-row">
      <div className={styles.grow}>
        <strong>{e.title}</strong>{' '}
        <Tag color={STATE_COLOURS[e.state]}>
          {t(`state.${e.state === 'published' && !ready ? 'publishing' : e.state}`)}
        </Tag>
        <div>{[clockOf(keptMs(e)), formatDate(e.createdAt, i18n.language)].join(' · ')}</div>
        {e.code && (
          <div className={styles.row}>
            <span>{t('control.code')}</span>
            <span className={styles.code} data-testid="educast-code">
              {e.code}
            </span>
            {ready && (
              <Button size="small" onClick={() => navigator.clipboard?.writeText(joinLink)}>
                {t('control.copyLink')}
              </Button>
            )}
          </div>
        )}
        {(e.state === 'failed' || e.videoStatus === 'failed') && (
          <Alert type="error" showIcon message={t(`domain:${e.errorCode ?? 'VIDEO_TRANSCODE_FAILED'}`)} />
        )}
        {failure && <Alert type="error" showIcon message={translateError(t, failure)} />}
      </div>
      {editable && (
        <div className={styles.stack} style={{ flex: '1 1 100%' }}>
          <div className={styles.field}>
            <label htmlFor={`${ids}-title`}>{t('control.titleLabel')}</label>
            <Input
              id={`${ids}-title`}
              value={title}
              maxLength={120}
              onChange={(ev) => setTitle(ev.target.value)}
              data-testid="educast-title"
            />
          </div>
          <div className={styles.row}>
            <div className={styles.field}>
              <label htmlFor={`${ids}-start`}>{t('control.trimStart')}</label>
              <InputNumber
                id={`${ids}-start`}
                min={0}
                value={trimStartS}
                onChange={(v) => setTrimStart(v ?? 0)}
              />
            </div>
            <div className={styles.field}>
              <label htmlFor={`${ids}-end`}>{t('control.trimEnd')}</label>
              <InputNumber id={`${ids}-end`} min={0} value={trimEndS} onChange={(v) => setTrimEnd(v ?? 0)} />
            </div>
            <Button onClick={() => save.mutate()} loading={save.isPending}>
              {t('control.save')}
            </Button>
          </div>
          {courses.length === 0 ? (
            <Alert
              type="info"
              showIcon
              message={t('control.noCourse')}
              action={<Button href="/private-video-course">{t('control.toCourses')}</Button>}
            />
          ) : (
            <div className={styles.row}>
              <Select
                className={styles.grow}
                value={courseId}
                onChange={(id) => {
                  setCourseId(id);
                  setChapterId(courses.find((c) => c.id === id)?.chapters[0]?.id);
                }}
                options={courses.map((c) => ({ value: c.id, label: c.title }))}
                aria-label={t('control.course')}
                data-testid="educast-course"
              />
              <Select
                className={styles.grow}
                value={chapterId}
                onChange={setChapterId}
                options={chapters.map((c) => ({ value: c.id, label: c.title }))}
                aria-label={t('control.chapter')}
                notFoundContent={t('control.noChapter')}
              />
              <Button
                type="primary"
                disabled={!chapterId || !title.trim()}
                loading={publish.isPending}
                onClick={() => publish.mutate()}
                data-testid="educast-publish"
              >
                {t('control.publish')}
              </Button>
            </div>
          )}
        </div>
      )}
      <div className={styles.row}>
        {e.state === 'recording' && e.chunks > 0 && (
          <Button onClick={() => finish.mutate()} loading={finish.isPending}>
            {t('unfinished.finish')}
          </Button>
        )}
        <Popconfirm
          title={t(e.videoId ? 'control.deletePublishedConfirm' : 'control.deleteConfirm')}
          onConfirm={() => remove.mutate()}
        >
          <Button danger>{t('control.delete')}</Button>
        </Popconfirm>
      </div>
    </li>
  );
}
