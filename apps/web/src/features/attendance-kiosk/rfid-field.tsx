import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './kiosk.module.css';

/** An element that takes typing of its own: focus is not pulled away from it. */
function typesItself(element: Element | null): boolean {
  if (!element) return false;
  const tag = element.tagName;
  return (
    tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || (element as HTMLElement).isContentEditable
  );
}

/**
 * Where a USB RFID reader types (it is a keyboard: the card's number, then Enter; integrations
 * research §4.2). The field keeps the focus, so a card works whatever was tapped last; held-down
 * keys repeating are ignored. The on-screen keyboard stays closed (`inputMode="none"`) unless
 * someone asks for it to type a number by hand.
 */
export function RfidField({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation('kiosk');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [keyboard, setKeyboard] = useState(false);

  useEffect(() => {
    const refocus = () => {
      const input = inputRef.current;
      if (input && document.activeElement !== input && !typesItself(document.activeElement)) {
        input.focus({ preventScroll: true });
      }
    };
    refocus();
    // After a button press (language, full screen, camera) the focus comes back within a second.
    const timer = setInterval(refocus, 1_000);
    return () => clearInterval(timer);
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.repeat) event.preventDefault();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = inputRef.current;
    if (!input) return;
    const code = input.value;
    input.value = '';
    onCode(code);
  };

  return (
    <form className={styles.rfid} onSubmit={handleSubmit}>
      <label htmlFor={id} className={styles.rfidLabel}>
        {t('rfid.label')}
      </label>
      <div className={styles.rfidRow}>
        <input
          ref={inputRef}
          id={id}
          className={styles.rfidInput}
          type="text"
          inputMode={keyboard ? 'text' : 'none'}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="send"
          onKeyDown={handleKeyDown}
          data-testid="kiosk-rfid"
        />
        <button
          type="button"
          className="bw-btn bw-btn--ghost"
          aria-pressed={keyboard}
          onClick={() => {
            setKeyboard((on) => !on);
            inputRef.current?.focus();
          }}
        >
          {t('rfid.keyboard')}
        </button>
      </div>
      <p className={styles.hint}>{t('rfid.hint')}</p>
    </form>
  );
}
