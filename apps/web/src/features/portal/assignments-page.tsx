import {
  BANGLADESH_TIME_ZONE,
  type FamilyAssignment,
  type SubmissionStatus,
  submitRefusal,
} from '@batchwise/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import local from './assignments.module.css';
import { familyAssignmentsQuery, submitAssignment, uploadSubmissionFile } from './assignments-api';
import styles from './portal.module.css';
import { usePortalFormat } from './portal-format';
import { EmptyState, QueryStates } from './portal-states';

const TONES: Record<SubmissionStatus, string> = {
  pending: 'info',
  missing: 'bad',
  submitted: 'none',
  late: 'warn',
  marked: 'none',
};

/**
 * A child's assignments: what is due and what is missing first, then the rest with marks and the
 * teacher's comment. The student hands work in here (late after the due time); a parent reads.
 */
export function AssignmentsPage({ studentId, name }: { studentId: string; name: string }) {
  const { t } = useTranslation(['portal', 'domain', 'errors']);
  const query = useQuery(familyAssignmentsQuery(studentId));
  return (
    <>
      <h1 className={styles.title}>{t('assignments.title', { name })}</h1>
      <QueryStates query={query}>
        {({ assignments, canSubmit }) => (
          <>
            {canSubmit ? null : <p className={styles.muted}>{t('assignments.parentNote')}</p>}
            {assignments.length === 0 ? (
              <EmptyState text={t('assignments.empty')} testId="assignments-empty" />
            ) : (
              <div className={styles.grid}>
                {assignments.map((a) => (
                  <AssignmentCard key={a.id} studentId={studentId} assignment={a} canSubmit={canSubmit} />
                ))}
              </div>
            )}
          </>
        )}
      </QueryStates>
    </>
  );
}

function AssignmentCard({
  studentId,
  assignment: a,
  canSubmit,
}: {
  studentId: string;
  assignment: FamilyAssignment;
  canSubmit: boolean;
}) {
  const { t } = useTranslation(['portal', 'domain', 'errors']);
  const f = usePortalFormat();
  const s = a.submission;
  // The server's own rule: closed after the due time when late work is off, and once marked.
  const open =
    submitRefusal(a, Date.now(), s ? { submittedAt: s.submittedAt, marks: s.marks } : null) === null;
  return (
    <section className={styles.panel} data-testid="assignment-card">
      <div className={styles.row}>
        <h2>{a.title}</h2>
        <span className={styles.badge} data-tone={TONES[a.status]} data-testid="assignment-status">
          {t(`assignments.status.${a.status}`)}
        </span>
      </div>
      <p className={styles.muted}>
        {a.classroomName} ·{' '}
        {t('assignments.due', { when: formatDateTime(a.dueAt, f.locale, BANGLADESH_TIME_ZONE) })} ·{' '}
        {t('assignments.fullMarks', { marks: f.number(a.fullMarks) })}
      </p>
      {a.instructions ? <p className={local.instructions}>{a.instructions}</p> : null}
      {a.attachment ? (
        <p>
          <a href={a.attachment.url} target="_blank" rel="noreferrer">
            {t('assignments.attachment', { name: a.attachment.name })}
          </a>
        </p>
      ) : null}
      {!a.acceptLate && a.status === 'pending' ? (
        <p className={styles.muted}>{t('assignments.lateClosed')}</p>
      ) : null}
      {s ? (
        <div>
          <p className={styles.muted}>
            {t('assignments.yourWork', {
              when: formatDateTime(s.submittedAt, f.locale, BANGLADESH_TIME_ZONE),
            })}
          </p>
          {s.text ? <p className={local.instructions}>{s.text}</p> : null}
          {s.file ? (
            <p>
              <a href={s.file.url} target="_blank" rel="noreferrer">
                {s.file.name}
              </a>
            </p>
          ) : null}
          {s.marks !== null ? (
            <div className={local.feedback} data-testid="assignment-feedback">
              <p className={styles.big}>
                {t('assignments.marks', { marks: f.number(s.marks), full: f.number(a.fullMarks) })}
              </p>
              {s.comment ? <p>{t('assignments.comment', { comment: s.comment })}</p> : null}
            </div>
          ) : null}
        </div>
      ) : null}
      {canSubmit && open ? <SubmitForm studentId={studentId} assignment={a} /> : null}
    </section>
  );
}

function SubmitForm({ studentId, assignment: a }: { studentId: string; assignment: FamilyAssignment }) {
  const { t } = useTranslation(['portal', 'domain', 'errors']);
  const queryClient = useQueryClient();
  const [text, setText] = useState(a.submission?.text ?? '');
  const [file, setFile] = useState(a.submission?.file ?? null);
  const [busy, setBusy] = useState<'upload' | 'send' | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const late = a.status === 'missing' || a.status === 'late';

  const handleFile = async (picked: File | undefined) => {
    if (!picked) return;
    setBusy('upload');
    setNote(null);
    try {
      setFile(await uploadSubmissionFile(studentId, picked));
    } catch (error) {
      setNote({ ok: false, text: translateError(t, error) });
    } finally {
      setBusy(null);
    }
  };
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('send');
    setNote(null);
    try {
      const saved = await submitAssignment(studentId, a.id, { text, file });
      setNote({
        ok: true,
        text: t(saved.status === 'late' ? 'assignments.submittedLate' : 'assignments.submitted'),
      });
      await queryClient.invalidateQueries({ queryKey: ['assignments', { studentId }] });
    } catch (error) {
      setNote({ ok: false, text: translateError(t, error) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <form onSubmit={handleSubmit} data-testid="assignment-submit-form">
      <label className={styles.field}>
        {t('assignments.answer')}
        <textarea
          className={local.answer}
          value={text}
          onChange={(event) => setText(event.target.value)}
          data-testid="assignment-answer"
        />
      </label>
      <label className={styles.field}>
        {t('assignments.file')}
        <input
          type="file"
          accept=".pdf,.png,.jpg,.jpeg"
          onChange={(event) => void handleFile(event.target.files?.[0])}
          data-testid="assignment-file"
        />
      </label>
      {file ? (
        <p>
          <a href={file.url} target="_blank" rel="noreferrer">
            {file.name}
          </a>{' '}
          <button type="button" className="bw-btn bw-btn--ghost" onClick={() => setFile(null)}>
            {t('assignments.removeFile')}
          </button>
        </p>
      ) : null}
      {a.submission ? <p className={styles.muted}>{t('assignments.replaceNote')}</p> : null}
      <div className={styles.actions}>
        <button
          type="submit"
          className="bw-btn bw-btn--primary"
          disabled={busy !== null}
          data-testid="assignment-submit"
        >
          {busy === 'upload'
            ? t('assignments.uploading')
            : t(
                a.submission
                  ? 'assignments.resubmit'
                  : late
                    ? 'assignments.submitLate'
                    : 'assignments.submit',
              )}
        </button>
      </div>
      {note ? (
        <p className={note.ok ? styles.success : styles.error} role="status">
          {note.text}
        </p>
      ) : null}
    </form>
  );
}
