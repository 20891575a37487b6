import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, normaliseLanguage } from '../lib/language';
import { useLanguage } from '../lib/use-language';
import styles from './language-switch.module.css';

/**
 * Two pressed-state buttons, each language named in itself (English / বাংলা). The data
 * attributes let static pages, which have no React, switch too (features/public-site/static-page.ts).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const { language, setLanguage } = useLanguage();
  return (
    <fieldset className={`${styles.switch} ${className ?? ''}`} aria-label={t('language.label')}>
      {LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className={styles.option}
          aria-pressed={language === option}
          data-language-option={option}
          onClick={() => setLanguage(option)}
        >
          {LANGUAGE_NAMES[option]}
        </button>
      ))}
    </fieldset>
  );
}

/** A labelled drop-down for footers and menus, where a select reads more naturally. */
export function LanguageSelect() {
  const { t } = useTranslation('common');
  const { language, setLanguage } = useLanguage();
  const id = useId();
  const handleChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = normaliseLanguage(event.target.value);
    if (next) setLanguage(next);
  };
  return (
    <>
      <label htmlFor={id} className="bw-visually-hidden">
        {t('language.label')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={language}
        onChange={handleChange}
        data-language-select=""
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LANGUAGE_NAMES[option]}
          </option>
        ))}
      </select>
    </>
  );
}
