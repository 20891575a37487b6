import {
  FIREBASE_IMPORT_SECTIONS,
  type FirebaseImportReport,
  type FirebaseImportRun,
  type FirebaseImportRunList,
  firebaseImportEndpoints,
} from '@batchwise/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { endpointQuery } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import styles from './staff-console.module.css';

const COLUMNS = ['in', 'created', 'updated', 'unchanged', 'skipped', 'orphans'] as const;

/** The runs, newest first: a running one with its progress per section, a finished one with its counts. */
export function FirebaseImportRuns({ runs }: { runs: UseQueryResult<FirebaseImportRunList> }) {
  const { t } = useTranslation(['staff-console', 'domain', 'errors']);
  const { locale } = useLanguage();
  const [open, setOpen] = useState<string | null>(null);
  const number = (n: number) => n.toLocaleString(locale);
  if (runs.isError)
    return (
      <p className={styles.error} role="alert">
        {translateError(t, runs.error)}
      </p>
    );
  if (runs.isPending) return <PageLoader />;
  return (
    <section className={styles.card} aria-labelledby="firebase-import-runs">
      <h2 id="firebase-import-runs">{t('firebaseImport.runs')}</h2>
      {runs.data.runs.length === 0 ? (
        <p className={styles.muted}>{t('firebaseImport.empty')}</p>
      ) : (
        <ul className={styles.list} data-testid="firebase-import-runs">
          {runs.data.runs.map((run) => (
            <li key={run.id} className={styles.entry} data-testid="firebase-import-run">
              <strong>{run.fileName}</strong>{' '}
              <span className={styles.chip}>
                {run.dryRun ? t('firebaseImport.kind.dry') : t('firebaseImport.kind.real')}
              </span>{' '}
              <span className={styles.chip} data-testid="firebase-import-status">
                {t(`firebaseImport.status.${run.status}`)}
              </span>
              <small>
                {t('firebaseImport.started', { at: formatDateTime(run.startedAt, locale) })}
                {run.finishedAt
                  ? ` · ${t('firebaseImport.finished', { at: formatDateTime(run.finishedAt, locale) })}`
                  : ''}
              </small>
              <Progress run={run} number={number} />
              {run.totals ? (
                <small data-testid="firebase-import-totals">
                  {COLUMNS.map((c) => `${t(`firebaseImport.column.${c}`)} ${number(run.totals![c])}`).join(
                    ' · ',
                  )}
                </small>
              ) : null}
              {run.status === 'done' || run.status === 'failed' ? (
                <button
                  type="button"
                  className="bw-btn bw-btn--ghost"
                  aria-expanded={open === run.id}
                  onClick={() => setOpen(open === run.id ? null : run.id)}
                >
                  {open === run.id ? t('firebaseImport.hideReport') : t('firebaseImport.showReport')}
                </button>
              ) : null}
              {open === run.id ? <Report runId={run.id} number={number} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Progress({ run, number }: { run: FirebaseImportRun; number: (n: number) => string }) {
  const { t } = useTranslation('staff-console');
  const sections = FIREBASE_IMPORT_SECTIONS.filter((s) => run.progress[s] !== undefined);
  if (run.status === 'done' || sections.length === 0) return null;
  return (
    <small data-testid="firebase-import-progress">
      {sections
        .map((s) =>
          t('firebaseImport.processed', {
            section: t(`firebaseImport.section.${s}`),
            formatted: number(run.progress[s]!),
          }),
        )
        .join(' · ')}
    </small>
  );
}

/** One run's stored report: counts per entity in and out, skipped records and orphans with reasons. */
function Report({ runId, number }: { runId: string; number: (n: number) => string }) {
  const { t } = useTranslation(['staff-console', 'domain', 'errors']);
  const report = useQuery(endpointQuery(firebaseImportEndpoints.report, { params: { runId } }));
  if (report.isError)
    return (
      <p className={styles.error} role="alert">
        {translateError(t, report.error)}
      </p>
    );
  if (report.isPending) return <PageLoader />;
  const { entities, skipped, orphans, error } = report.data;
  return (
    <div data-testid="firebase-import-report">
      {error ? (
        <p className={styles.error} role="alert">
          {t('firebaseImport.failedBecause', { error })}
        </p>
      ) : null}
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('firebaseImport.column.entity')}</th>
              {COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {t(`firebaseImport.column.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Object.entries(entities).map(([entity, counts]) => (
              <tr key={entity} data-testid={`firebase-import-entity-${entity}`}>
                <th scope="row">{entityName(t, entity)}</th>
                {COLUMNS.map((c) => (
                  <td key={c}>{number(counts[c])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Entries kind="skipped" entries={skipped} />
      <Entries kind="orphans" entries={orphans} />
    </div>
  );
}

type Entry = FirebaseImportReport['skipped'][number];

/** An entity's name in the reader's language; one the console has no words for shows its key. */
const entityName = (t: TFunction, entity: string) =>
  t(`firebaseImport.entity.${entity}`, { defaultValue: entity });

/** Skipped records or orphans, folded: a broken export may list a thousand. */
function Entries({ kind, entries }: { kind: 'skipped' | 'orphans'; entries: Entry[] }) {
  const { t } = useTranslation(['staff-console', 'domain']);
  const { locale } = useLanguage();
  if (entries.length === 0) return null;
  return (
    <details>
      <summary>{t(`firebaseImport.${kind}`, { formatted: entries.length.toLocaleString(locale) })}</summary>
      <ul className={styles.list}>
        {entries.map((entry) => (
          <li key={`${entry.entity} ${entry.key} ${entry.reason}`} className={styles.entry}>
            {entityName(t, entry.entity)} <code>{entry.key}</code>
            {/* Runs stored before reasons had codes hold an English sentence: shown as it is. */}
            <small>{t(`domain:${entry.reason}`, { ...entry.params, defaultValue: entry.reason })}</small>
          </li>
        ))}
      </ul>
    </details>
  );
}
