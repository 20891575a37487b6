import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatBytesIn } from '../../lib/format-bytes';
import { familyFilesQuery, familyFileUrl } from './files-api';
import styles from './portal.module.css';
import { usePortalFormat } from './portal-format';
import { EmptyState, QueryStates } from './portal-states';

/** Files and notes the teachers shared with the child's classrooms or with the child by name. */
export function FilesPage({ studentId, name }: { studentId: string; name: string }) {
  const { t } = useTranslation(['portal', 'domain', 'errors']);
  const f = usePortalFormat();
  const query = useQuery(familyFilesQuery(studentId));
  return (
    <>
      <h1 className={styles.title}>{t('files.title', { name })}</h1>
      <QueryStates query={query}>
        {(answer) =>
          answer.items.length === 0 ? (
            <EmptyState text={t('files.empty')} testId="files-empty" />
          ) : (
            answer.items.map((file) => (
              <article key={file.id} className={styles.panel} data-testid="family-file">
                <p className={styles.muted}>
                  {[file.classroomName, file.folderName, f.dateTime(file.createdAt)]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <h2 className={styles.subtitle}>{file.title}</h2>
                {file.note ? <p>{file.note}</p> : null}
                {file.fileName ? (
                  <p>
                    <a href={familyFileUrl(studentId, file.id)} target="_blank" rel="noreferrer">
                      {t('files.open')}
                    </a>
                    {' · '}
                    <a href={familyFileUrl(studentId, file.id, true)} download={file.fileName}>
                      {t('files.download')}
                    </a>{' '}
                    <span className={styles.muted}>
                      ({file.fileName}, {formatBytesIn(f.locale, file.sizeBytes)})
                    </span>
                  </p>
                ) : null}
              </article>
            ))
          )
        }
      </QueryStates>
    </>
  );
}
