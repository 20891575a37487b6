import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './overlays.module.css';

interface DuplicateDialogProps {
  open: boolean;
  phone: string;
  onAnswer: (continueAnyway: boolean) => void;
}

/**
 * "This phone has already applied": No stays on the phone page, Yes marks the phone with D and
 * goes on (part 1 §4). A native modal dialog: focus is kept inside and Escape means No.
 */
export function DuplicateDialog({ open, phone, onAnswer }: DuplicateDialogProps) {
  const { t } = useTranslation('admission');
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="admission-duplicate-title"
      aria-describedby="admission-duplicate-body"
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(false);
      }}
    >
      <h2 id="admission-duplicate-title" className={styles.dialogTitle}>
        {t('duplicate.title')}
      </h2>
      <p id="admission-duplicate-body" className={styles.dialogBody}>
        {t('duplicate.body', { phone })}
      </p>
      <div className={styles.dialogActions}>
        <button type="button" className="bw-btn bw-btn--ghost" onClick={() => onAnswer(false)}>
          {t('duplicate.no')}
        </button>
        <button type="button" className="bw-btn bw-btn--primary" onClick={() => onAnswer(true)}>
          {t('duplicate.yes')}
        </button>
      </div>
    </dialog>
  );
}
