import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import styles from './staff-console.module.css';

/**
 * One staff action on an account: its own fields, the required reason (kept in the activity log)
 * and its button. A destructive action (`confirm`) asks once more before it runs.
 */
export function ReasonForm({
  name,
  title,
  hint,
  submit,
  confirm,
  children,
  run,
  onDone,
}: {
  name: string;
  title: string;
  hint?: string;
  submit: string;
  /** The second button's text: the action runs only after it. */
  confirm?: string;
  children?: ReactNode;
  run: (reason: string) => Promise<unknown>;
  onDone?: () => unknown;
}) {
  const { t } = useTranslation(['staff-console', 'domain', 'errors']);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const action = useMutation({
    mutationFn: () => run(reason.trim()),
    onSuccess: async () => {
      setReason('');
      setConfirming(false);
      await onDone?.();
    },
  });

  return (
    <form
      name={name}
      className={`${styles.card} ${styles.form}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (confirm && !confirming) setConfirming(true);
        else action.mutate();
      }}
    >
      <h2 className={styles.wide}>{title}</h2>
      {hint ? <p className={`${styles.muted} ${styles.wide}`}>{hint}</p> : null}
      {action.isError ? (
        <p className={`${styles.error} ${styles.wide}`} role="alert">
          {translateError(t, action.error)}
        </p>
      ) : null}
      {children}
      <label className={styles.wide}>
        {t('reason')}
        <input
          name="reason"
          value={reason}
          required
          minLength={3}
          maxLength={500}
          onChange={(e) => {
            setReason(e.target.value);
            setConfirming(false);
          }}
        />
      </label>
      <button
        type="submit"
        className={`bw-btn ${confirming ? 'bw-btn--primary' : 'bw-btn--ghost'}`}
        disabled={action.isPending}
      >
        {confirming && confirm ? confirm : submit}
      </button>
      {confirming ? (
        <button type="button" className="bw-btn bw-btn--ghost" onClick={() => setConfirming(false)}>
          {t('cancel')}
        </button>
      ) : null}
    </form>
  );
}
