import { educastEndpoints } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { call, endpointQuery, queryKeyOf } from '../../lib/api-client';
import { clockOf } from '../../lib/duration-clock';
import { translateError } from '../../lib/translate-error';
import styles from './educast.module.css';

/**
 * Recordings still "recording" when the page opens: their tab closed or crashed mid-lesson. What
 * arrived is kept, so each is offered to be finished with it (or discarded). Read once on
 * opening, so the recording this page starts is never offered here.
 */
export function UnfinishedRecordings({ accountId }: { accountId: string }) {
  const { t } = useTranslation(['educast', 'domain', 'errors']);
  const queryClient = useQueryClient();
  const key = queryKeyOf(educastEndpoints.list, { params: { accountId } });
  const list = useQuery({
    ...endpointQuery(educastEndpoints.list, { params: { accountId } }),
    staleTime: Infinity,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const finish = useMutation({
    mutationFn: (educastId: string) =>
      call(educastEndpoints.finish, { params: { accountId, educastId }, body: {} }),
    onSuccess: refresh,
  });
  const discard = useMutation({
    mutationFn: (educastId: string) => call(educastEndpoints.remove, { params: { accountId, educastId } }),
    onSuccess: refresh,
  });
  const unfinished = (list.data?.educasts ?? []).filter((e) => e.state === 'recording');
  const failure = finish.error ?? discard.error;
  return (
    <>
      {failure && <Alert type="error" showIcon message={translateError(t, failure)} />}
      {unfinished.map((e) => (
        <Alert
          key={e.id}
          type="warning"
          showIcon
          data-testid="educast-unfinished"
          message={t('unfinished.title', { title: e.title })}
          description={t('unfinished.body', { length: clockOf(e.durationMs) })}
          action={
            <div className={styles.row}>
              {e.chunks > 0 && (
                <Button type="primary" loading={finish.isPending} onClick={() => finish.mutate(e.id)}>
                  {t('unfinished.finish')}
                </Button>
              )}
              <Popconfirm title={t('unfinished.discardConfirm')} onConfirm={() => discard.mutate(e.id)}>
                <Button danger>{t('unfinished.discard')}</Button>
              </Popconfirm>
            </div>
          }
        />
      ))}
      {finish.isSuccess && (
        <Alert
          type="success"
          showIcon
          message={t('unfinished.finished')}
          action={<Button href="/control-educast">{t('record.toControl')}</Button>}
        />
      )}
    </>
  );
}
