import {
  aiEndpoints,
  planEndpoints,
  REPORT_COMMENT_NOTES_MAX,
  REPORT_COMMENT_TONES,
  type ReportComment,
  type ReportCommentTone,
} from '@batchwise/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpointQuery } from '../../lib/api-client';
import { contentLanguage } from '../../lib/language';
import { translateError } from '../../lib/translate-error';
import { useReportFormat } from './report-format';
import pageStyles from './report-page.module.css';

/**
 * A draft of the teacher's remark from the AI tool (spec part 1 §1 "AI add-ons"): written from
 * this card's marks and attendance in the language the card is shown in, in the tone chosen. The
 * draft only fills the remark box; the teacher edits it and saves it as any remark. Shown only
 * where the `ai` tool is usable.
 */
export function AiRemarkDraft({
  accountId,
  classroomId,
  studentId,
  term,
  onDraft,
}: {
  accountId: string;
  classroomId: string;
  studentId: string;
  term: string;
  onDraft: (text: string) => void;
}) {
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const f = useReportFormat();
  const id = useId();
  const tools = useQuery(endpointQuery(planEndpoints.tools, { params: { accountId } }));
  const [open, setOpen] = useState(false);
  const [tone, setTone] = useState<ReportCommentTone>('warm');
  const [notes, setNotes] = useState('');
  const abort = useRef<AbortController | null>(null);
  // Leaving the card abandons a draft still being written (nothing is charged for it).
  useEffect(() => () => abort.current?.abort(), []);
  const draft = useMutation({
    mutationFn: (): Promise<ReportComment> => {
      abort.current = new AbortController();
      return call(aiEndpoints.reportComment, {
        params: { accountId },
        body: { classroomId, studentId, term, language: contentLanguage(f.language), tone, notes },
        signal: abort.current.signal,
      });
    },
    onSuccess: (answer) => onDraft(answer.comment),
  });
  if (!tools.data?.tools.some((tool) => tool.key === 'ai' && tool.usable)) return null;

  if (!open) {
    return (
      <div>
        <button
          type="button"
          className={`bw-btn bw-btn--ghost ${pageStyles.button}`}
          onClick={() => setOpen(true)}
          data-testid="ai-remark-open"
        >
          {t('aiRemark.open')}
        </button>
      </div>
    );
  }
  const n = (value: number) => f.number(value);
  const credits = draft.data?.credits;
  return (
    <fieldset className={pageStyles.panel} data-testid="ai-remark">
      <legend className={pageStyles.muted}>{t('aiRemark.open')}</legend>
      <p className={pageStyles.muted}>
        {t('aiRemark.intro', {
          language: f.language === 'bn' ? t('aiRemark.bangla') : t('aiRemark.english'),
        })}
      </p>
      <div className={pageStyles.choices} role="radiogroup" aria-label={t('aiRemark.tone')}>
        <span className={pageStyles.muted}>{t('aiRemark.tone')}</span>
        {REPORT_COMMENT_TONES.map((value) => (
          <label key={value} className={pageStyles.choice}>
            <input
              type="radio"
              name={`${id}-tone`}
              value={value}
              checked={tone === value}
              onChange={() => setTone(value)}
            />{' '}
            {t(`aiRemark.tones.${value}`)}
          </label>
        ))}
      </div>
      <label htmlFor={`${id}-notes`} className={pageStyles.muted}>
        {t('aiRemark.notes')}
      </label>
      <input
        id={`${id}-notes`}
        className={pageStyles.input}
        value={notes}
        maxLength={REPORT_COMMENT_NOTES_MAX}
        placeholder={t('aiRemark.notesPlaceholder')}
        onChange={(event) => setNotes(event.target.value)}
      />
      <p className={pageStyles.muted}>{t('aiRemark.privacy')}</p>
      <div className={pageStyles.formRow}>
        <button
          type="button"
          className={`bw-btn bw-btn--primary ${pageStyles.button}`}
          disabled={draft.isPending}
          onClick={() => draft.mutate()}
          data-testid="ai-remark-write"
        >
          {draft.isPending ? t('aiRemark.writing') : draft.data ? t('aiRemark.again') : t('aiRemark.write')}
        </button>
      </div>
      {draft.isSuccess ? (
        <p className={pageStyles.success} role="status">
          {t('aiRemark.placed')}
        </p>
      ) : null}
      {credits ? (
        <p className={pageStyles.muted} data-testid="ai-remark-credits">
          {t('aiRemark.credits', {
            count: credits.balance,
            formatted: n(credits.balance),
            monthly: n(credits.monthly),
          })}
        </p>
      ) : null}
      {draft.isError ? (
        <p className={pageStyles.error} role="alert">
          {translateError(t, draft.error)}
        </p>
      ) : null}
    </fieldset>
  );
}
