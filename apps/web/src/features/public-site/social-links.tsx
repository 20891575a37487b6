import { useTranslation } from 'react-i18next';
import styles from './site-footer.module.css';

/** Plain outbound links: nothing is loaded from these sites until someone follows one. */
const SOCIAL = [
  {
    key: 'facebook',
    href: 'https://www.facebook.com/batchwise.bd',
    path: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5Z',
  },
  {
    key: 'youtube',
    href: 'https://www.youtube.com/@batchwise',
    path: 'M22 8.2a3 3 0 0 0-2.1-2.1C18 5.6 12 5.6 12 5.6s-6 0-7.9.5A3 3 0 0 0 2 8.2 31 31 0 0 0 1.6 12 31 31 0 0 0 2 15.8a3 3 0 0 0 2.1 2.1c1.9.5 7.9.5 7.9.5s6 0 7.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .4-3.8 31 31 0 0 0-.4-3.8ZM10 15V9l5.2 3Z',
  },
  {
    key: 'linkedin',
    href: 'https://www.linkedin.com/company/batchwise',
    path: 'M4.5 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM3 9h3v12H3Zm6 0h3v1.7c.5-.9 1.7-2 3.6-2 3.4 0 4.4 2.1 4.4 5.3v7H17v-6.3c0-1.6-.3-2.9-1.9-2.9-1.7 0-2.1 1.2-2.1 2.8V21H9Z',
  },
] as const;

export function SocialLinks() {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('footer.social.title')} className={styles.social}>
      <span className={styles.languageLabel}>{t('footer.social.title')}</span>
      <ul>
        {SOCIAL.map((item) => (
          <li key={item.key}>
            <a href={item.href} target="_blank" rel="noopener noreferrer" className="bw-icon-btn">
              <span className="bw-visually-hidden">{t(`footer.social.${item.key}`)}</span>
              <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
                <path d={item.path} />
              </svg>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
