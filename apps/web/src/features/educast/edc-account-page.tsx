import { educastEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../lib/api-client';
import { clockOf } from '../../lib/duration-clock';
import { formatDate } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import styles from './educast.module.css';
import { EducastPage, FAMILIES } from './educast-page';
import { FamilyChild } from './family-child';

/** `/edc-acc`: the EduCasts the signed-in student (or the parent's child) may watch. */
export function EdcAccountPage() {
  const { t } = useTranslation(['educast', 'domain', 'errors']);
  return (
    <EducastPage title={t('account.title')} professions={FAMILIES}>
      {() => <FamilyChild>{(studentId) => <Available key={studentId} studentId={studentId} />}</FamilyChild>}
    </EducastPage>
  );
}

function Available({ studentId }: { studentId: string }) {
  const { t, i18n } = useTranslation(['educast', 'domain', 'errors']);
  const list = useQuery(endpointQuery(educastEndpoints.familyList, { params: { studentId } }));
  if (list.isPending) return <Skeleton active />;
  if (list.isError) return <Alert type="error" showIcon message={translateError(t, list.error)} />;
  if (list.data.educasts.length === 0) return <Empty description={t('account.empty')} />;
  return (
    <Card size="small">
      <ul className={styles.list}>
        {list.data.educasts.map((e) => (
          <li key={e.code} className={styles.item} data-testid="edc-available">
            <div className={styles.grow}>
              <strong>{e.title}</strong>
              <div>
                {[e.courseTitle, clockOf(e.durationMs), formatDate(e.publishedAt, i18n.language)]
                  .filter(Boolean)
                  .join(' · ')}
              </div>
            </div>
            <Button type="primary" href={`/edc-join?code=${e.code}`}>
              {t('account.watch')}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
