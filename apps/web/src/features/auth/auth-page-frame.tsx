import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './auth-page.module.css';

export interface AuthLink {
  label: string;
  to: string;
}

/** Title, subtitle, the page's form and the links that lead on from it. */
export function AuthPageFrame({
  title,
  subtitle,
  links = [],
  children,
}: {
  title: string;
  subtitle?: string;
  links?: AuthLink[];
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <section aria-labelledby="auth-title">
      <h1 id="auth-title" className={styles.title}>
        {title}
      </h1>
      {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      {children}
      {links.length > 0 ? (
        <ul className={styles.links}>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
