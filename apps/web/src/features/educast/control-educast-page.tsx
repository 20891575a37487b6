import { educastEndpoints } from '@batchwise/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointQuery, queryKeyOf } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import styles from './educast.module.css';
import { EducastPage, TEACHERS } from './educast-page';
import { EducastRow } from './educast-row';

/** While a recording is being made into a lesson video, the list is asked again this often. */
const POLL_MS = 4000;

/** `/control-educast`: the teacher's recordings: title, trim, publish into a course, delete. */
export function ControlEducastPage() {
  const { t } = useTranslation(['educast', 'domain', 'errors']);
  return (
    <EducastPage title={t('control.title')} professions={TEACHERS}>
      {(accountId) => <Recordings accountId={accountId} />}
    </EducastPage>
  );
}

function Recordings({ accountId }: { accountId: string }) {
  const { t } = useTranslation(['educast', 'domain', 'errors']);
  const queryClient = useQueryClient();
  const list = useQuery({
    ...endpointQuery(educastEndpoints.list, { params: { accountId } }),
    refetchInterval: (query) =>
      query.state.data?.educasts.some(
        (e) => e.state === 'publishing' || e.videoStatus === 'queued' || e.videoStatus === 'processing',
      )
        ? POLL_MS
        : false,
  });
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: queryKeyOf(educastEndpoints.list, { params: { accountId } }) });
  if (list.isPending) return <Skeleton active />;
  if (list.isError) return <Alert type="error" showIcon message={translateError(t, list.error)} />;
  const { educasts, courses } = list.data;
  return (
    <Card size="small">
      {educasts.length === 0 ? (
        <Empty description={t('control.empty')} />
      ) : (
        <ul className={styles.list}>
          {educasts.map((e) => (
            <EducastRow
              key={`${e.id}:${e.updatedAt}`}
              accountId={accountId}
              educast={e}
              courses={courses}
              onChanged={refresh}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
