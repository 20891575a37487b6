import { DEVICE_NAME_MAX } from '@batchwise/domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './devices.module.css';

/** A native modal dialog, open while `open`: focus stays inside, Escape means Cancel. */
function Modal({
  open,
  labelledBy,
  onCancel,
  children,
}: {
  open: boolean;
  labelledBy: string;
  onCancel: () => void;
  children: ReactNode;
}) {
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
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}

/** "Remove Main gate?" before a device is revoked. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  body: string;
  confirm: string;
  onAnswer: (yes: boolean) => void;
}) {
  const { t } = useTranslation('devices');
  return (
    <Modal open={props.open} labelledBy="device-confirm-title" onCancel={() => props.onAnswer(false)}>
      <h2 id="device-confirm-title" className={styles.dialogTitle}>
        {props.title}
      </h2>
      <p className={styles.dialogBody}>{props.body}</p>
      <div className={styles.dialogActions}>
        <button type="button" className="bw-btn bw-btn--ghost" onClick={() => props.onAnswer(false)}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className={`bw-btn bw-btn--primary ${styles.dangerFill}`}
          onClick={() => props.onAnswer(true)}
        >
          {props.confirm}
        </button>
      </div>
    </Modal>
  );
}

/** A new name for a device; answers null for Cancel. */
export function RenameDialog(props: {
  open: boolean;
  initial: string;
  onAnswer: (name: string | null) => void;
}) {
  const { t } = useTranslation('devices');
  const [name, setName] = useState(props.initial);
  useEffect(() => {
    if (props.open) setName(props.initial);
  }, [props.open, props.initial]);
  const trimmed = name.trim();
  return (
    <Modal open={props.open} labelledBy="device-rename-title" onCancel={() => props.onAnswer(null)}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed) props.onAnswer(trimmed);
        }}
      >
        <h2 id="device-rename-title" className={styles.dialogTitle}>
          {t('rename.title')}
        </h2>
        <label className={styles.field}>
          {t('fields.name')}
          <input
            value={name}
            maxLength={DEVICE_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            required
          />
        </label>
        <div className={styles.dialogActions}>
          <button type="button" className="bw-btn bw-btn--ghost" onClick={() => props.onAnswer(null)}>
            {t('cancel')}
          </button>
          <button type="submit" className="bw-btn bw-btn--primary" disabled={!trimmed}>
            {t('rename.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
