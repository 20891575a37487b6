import { educastEndpoints, type VideoPlay } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Skeleton } from 'antd';
import { type ComponentType, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../lib/api-client';
import { clockOf } from '../../lib/duration-clock';
import { translateError } from '../../lib/translate-error';
import styles from './educast.module.css';
import { EducastPage, FAMILIES } from './educast-page';
import { FamilyChild } from './family-child';

/** The lesson player, handed in by the route (features do not import each other). */
export type LessonPlayer = ComponentType<{ load: () => Promise<VideoPlay> }>;

/**
 * `/edc` and `/edc-join?code=…`: a student or parent types the code the teacher gave (or opens
 * the link) and watches the EduCast, under the private course's rules.
 */
export function EdcJoinPage({ Player }: { Player: LessonPlayer }) {
  const { t } = useTranslation(['educast', 'domain', 'errors']);
  const [search, setSearch] = useSearchParams();
  const code = (search.get('code') ?? '').trim().toUpperCase();
  const [typed, setTyped] = useState(code);
  return (
    <EducastPage title={t('join.title')} professions={FAMILIES}>
      {() => (
        <>
          <form
            className={styles.row}
            onSubmit={(event) => {
              event.preventDefault();
              if (typed.trim()) setSearch({ code: typed.trim().toUpperCase() });
            }}
          >
            <Input
              className={styles.grow}
              value={typed}
              maxLength={12}
              onChange={(e) => setTyped(e.target.value)}
              placeholder={t('join.codePlaceholder')}
              aria-label={t('join.codePlaceholder')}
              data-testid="edc-code"
              style={{ textTransform: 'uppercase' }}
            />
            <Button type="primary" htmlType="submit" data-testid="edc-open">
              {t('join.open')}
            </Button>
          </form>
          {code && (
            <FamilyChild>
              {(studentId) => (
                <Watch key={`${studentId}:${code}`} studentId={studentId} code={code} Player={Player} />
              )}
            </FamilyChild>
          )}
        </>
      )}
    </EducastPage>
  );
}

function Watch({ studentId, code, Player }: { studentId: string; code: string; Player: LessonPlayer }) {
  const { t } = useTranslation(['educast', 'domain', 'errors']);
  const join = useCallback(
    () => call(educastEndpoints.join, { params: { studentId }, body: { code } }),
    [studentId, code],
  );
  const watch = useQuery({
    queryKey: ['educast-join', studentId, code],
    queryFn: join,
    retry: false,
    staleTime: Infinity,
  });
  const load = useCallback(async () => (await join()).play, [join]);
  if (watch.isPending) return <Skeleton active />;
  if (watch.isError)
    return (
      <Alert type="warning" showIcon data-testid="edc-refused" message={translateError(t, watch.error)} />
    );
  return (
    <Card title={watch.data.title} size="small" extra={clockOf(watch.data.durationMs)}>
      <Player load={load} />
    </Card>
  );
}
