import { useTranslation } from 'react-i18next';
import { EducastPage, TEACHERS } from './educast-page';
import { Recorder } from './recorder';
import { UnfinishedRecordings } from './unfinished-recordings';

/** `/record-educast`: the teacher records a lesson from the camera or the screen with the microphone. */
export function RecordEducastPage() {
  const { t } = useTranslation(['educast', 'domain', 'errors']);
  return (
    <EducastPage title={t('record.title')} professions={TEACHERS}>
      {(accountId) => (
        <>
          <UnfinishedRecordings accountId={accountId} />
          <Recorder accountId={accountId} />
        </>
      )}
    </EducastPage>
  );
}
