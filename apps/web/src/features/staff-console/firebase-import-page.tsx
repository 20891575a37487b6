import {
  type FirebaseImportFile,
  type FirebaseImportStart,
  firebaseImportEndpoints,
} from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call, endpointQuery, refresh } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { translateError } from '../../lib/translate-error';
import { uploadFile } from '../../lib/upload';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLiveUpdates } from '../../lib/use-live-updates';
import { FirebaseImportRuns } from './firebase-import-runs';
import styles from './staff-console.module.css';
import { isStaffRefusal, StaffRefusal } from './staff-refusal';

const UPLOAD_PATH = firebaseImportEndpoints.upload.path;

/** The Firebase Auth export's hash parameters, as the Firebase console shows them. */
interface HashFields {
  signerKey: string;
  saltSeparator: string;
  rounds: string;
  memCost: string;
}

/**
 * `/firebase-import`: staff import a centre from the original product's Realtime Database export
 * (spec part 1 §3). The export (and optionally the Firebase Auth export with its hash parameters)
 * is uploaded once and kept until a real run imports it, so a dry run can come first; the run goes
 * on in the background, one at a time, its progress arriving as live events; every run's report
 * stays listed.
 */
export function FirebaseImportPage() {
  const { t } = useTranslation(['staff-console', 'domain', 'errors']);
  const queryClient = useQueryClient();
  useDocumentTitle(t('firebaseImport.title'));
  useLiveUpdates(true);
  const runs = useQuery({ ...endpointQuery(firebaseImportEndpoints.list), retry: false });
  const [exportFile, setExportFile] = useState<File | null>(null);
  const [authFile, setAuthFile] = useState<File | null>(null);
  const [hash, setHash] = useState<HashFields>({
    signerKey: '',
    saltSeparator: '',
    rounds: '8',
    memCost: '14',
  });
  const [dryRun, setDryRun] = useState(true);
  const [percent, setPercent] = useState<number | null>(null);
  // What the server already holds: a real run after a dry run does not upload the export again.
  const [uploaded, setUploaded] = useState(new Map<File, FirebaseImportFile>());
  const running = runs.data?.runs.some((run) => run.status === 'queued' || run.status === 'running');

  const sendFile = async (file: File): Promise<string> => {
    const known = uploaded.get(file);
    if (known) return known.id;
    setPercent(0);
    const stored = await uploadFile<FirebaseImportFile>(UPLOAD_PATH, file, { onProgress: setPercent });
    setUploaded((map) => new Map(map).set(file, stored));
    return stored.id;
  };
  const start = useMutation({
    mutationFn: async () => {
      if (!exportFile) return;
      const body: FirebaseImportStart = { exportFileId: await sendFile(exportFile), dryRun };
      if (authFile)
        body.auth = {
          fileId: await sendFile(authFile),
          params: {
            signerKey: hash.signerKey,
            saltSeparator: hash.saltSeparator,
            rounds: Number(hash.rounds),
            memCost: Number(hash.memCost),
          },
        };
      await call(firebaseImportEndpoints.start, { body });
      // A real run's files are gone from the server once it has imported them.
      if (!dryRun) setUploaded(new Map());
    },
    // The server may have deleted an upload it kept too long: the next start sends the files again.
    onError: () => setUploaded(new Map()),
    onSettled: () => {
      setPercent(null);
      return refresh(queryClient, 'firebase-imports');
    },
  });
  const hashField = (name: keyof HashFields, type: 'text' | 'number' = 'text') => (
    <label>
      {t(`firebaseImport.${name}`)}
      <input
        name={name}
        type={type}
        required
        value={hash[name]}
        onChange={(e) => setHash({ ...hash, [name]: e.target.value })}
      />
    </label>
  );

  return (
    <section className={styles.page} aria-labelledby="firebase-import-title">
      <h1 id="firebase-import-title" className={styles.title}>
        {t('firebaseImport.title')}
      </h1>
      <p className={styles.muted}>{t('firebaseImport.intro')}</p>
      <nav className={styles.nav} aria-label={t('title')}>
        <Link to={paths.staffAdmin}>{t('title')}</Link>
      </nav>
      {isStaffRefusal(runs.error) ? (
        <StaffRefusal error={runs.error} />
      ) : (
        <>
          <form
            className={`${styles.card} ${styles.form}`}
            onSubmit={(event) => {
              event.preventDefault();
              start.mutate();
            }}
          >
            <label className={styles.wide}>
              {t('firebaseImport.exportFile')}
              <input
                name="export-file"
                type="file"
                accept=".json,application/json"
                required
                onChange={(e) => setExportFile(e.target.files?.[0] ?? null)}
              />
            </label>
            <label className={styles.wide}>
              {t('firebaseImport.authFile')}
              <input
                name="auth-file"
                type="file"
                accept=".json,application/json"
                onChange={(e) => setAuthFile(e.target.files?.[0] ?? null)}
              />
            </label>
            {authFile ? (
              <>
                <p className={`${styles.muted} ${styles.wide}`}>{t('firebaseImport.hashHelp')}</p>
                {hashField('signerKey')}
                {hashField('saltSeparator')}
                {hashField('rounds', 'number')}
                {hashField('memCost', 'number')}
              </>
            ) : null}
            <label className={styles.check}>
              <input
                name="dry-run"
                type="checkbox"
                checked={dryRun}
                onChange={(e) => setDryRun(e.target.checked)}
              />
              {t('firebaseImport.dryRun')}
            </label>
            <button
              type="submit"
              className="bw-btn bw-btn--primary"
              disabled={start.isPending || running || !exportFile}
            >
              {dryRun ? t('firebaseImport.startDry') : t('firebaseImport.startReal')}
            </button>
            {percent !== null ? (
              <p className={`${styles.muted} ${styles.wide}`} role="status">
                {t('firebaseImport.uploading', { percent })}
              </p>
            ) : running ? (
              <p className={`${styles.muted} ${styles.wide}`} role="status">
                {t('firebaseImport.oneAtATime')}
              </p>
            ) : null}
          </form>
          {start.error ? (
            <p className={styles.error} role="alert">
              {translateError(t, start.error)}
            </p>
          ) : null}
          <FirebaseImportRuns runs={runs} />
        </>
      )}
    </section>
  );
}
