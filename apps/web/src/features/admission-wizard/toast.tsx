import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './overlays.module.css';

export type ToastKind = 'info' | 'success' | 'error';

export interface ToastMessage {
  readonly text: string;
  readonly kind: ToastKind;
  /** Stays until replaced (upload progress) instead of fading after a few seconds. */
  readonly sticky?: boolean;
}

/** One toast at a time; a new one replaces the last. */
export function useToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const show = useCallback((text: string, kind: ToastKind = 'info', sticky = false) => {
    setToast({ text, kind, sticky });
  }, []);
  const dismiss = useCallback(() => setToast(null), []);
  return { toast, show, dismiss };
}

export type ShowToast = ReturnType<typeof useToast>['show'];

const VISIBLE_MS = 5000;

/**
 * A live region that is always in the page (so screen readers announce what appears in it):
 * role="status" for news, role="alert" for failures.
 */
export function Toast({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  const { t } = useTranslation('admission');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    window.clearTimeout(timer.current);
    if (toast && !toast.sticky) timer.current = window.setTimeout(onDismiss, VISIBLE_MS);
    return () => window.clearTimeout(timer.current);
  }, [toast, onDismiss]);

  return (
    <div className={styles.toastRegion}>
      <div role="status" aria-live="polite" aria-atomic="true">
        {toast && toast.kind !== 'error' ? (
          <ToastBody toast={toast} onDismiss={onDismiss} label={t('toast.dismiss')} />
        ) : null}
      </div>
      <div role="alert" aria-atomic="true">
        {toast && toast.kind === 'error' ? (
          <ToastBody toast={toast} onDismiss={onDismiss} label={t('toast.dismiss')} />
        ) : null}
      </div>
    </div>
  );
}

function ToastBody({
  toast,
  onDismiss,
  label,
}: {
  toast: ToastMessage;
  onDismiss: () => void;
  label: string;
}) {
  return (
    <div className={`${styles.toast} ${styles[`toast-${toast.kind}`] ?? ''}`} data-testid="admission-toast">
      <span>{toast.text}</span>
      <button type="button" className={styles.toastClose} onClick={onDismiss} aria-label={label}>
        ×
      </button>
    </div>
  );
}
