import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, normaliseLanguage } from '../lib/language';
import { useLanguage } from '../lib/use-language';
import styles from './language-switch.module.css';

/**
 * The seven interface languages, each named in itself (English, বাংলা, 简体中文, العربية …), in a
 * native select: compact at 375 px, keyboard and screen-reader friendly without extra script.
 * The data attribute lets static pages, which have no React, switch too
 * (features/public-site/static-page.ts).
 */
function LanguageChoice({ className, labelled }: { className: string; labelled: boolean }) {
  const { t } = useTranslation('common');
  const { language, setLanguage } = useLanguage();
  const id = useId();
  const handleChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = normaliseLanguage(event.target.value);
    if (next) setLanguage(next);
  };
  return (
    <>
      {labelled && (
        <label htmlFor={id} className="bw-visually-hidden">
          {t('language.label')}
        </label>
      )}
      <select
        id={id}
        className={className}
        aria-label={labelled ? undefined : t('language.label')}
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

/** The header's control: a small pill beside the theme toggle. */
export function LanguageSwitch({ className }: { className?: string }) {
  return <LanguageChoice className={`${styles.switch} ${className ?? ''}`} labelled={false} />;
}

/** A labelled drop-down for footers and settings, where a full-size select reads more naturally. */
export function LanguageSelect() {
  return <LanguageChoice className={styles.select} labelled />;
}
