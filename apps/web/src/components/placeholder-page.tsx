import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';
import styles from './placeholder-page.module.css';

interface PlaceholderPageProps {
  title: string;
  body: string;
  eyebrow?: string;
  children?: ReactNode;
}

/** A tidy titled page for screens whose real content arrives with a later issue. */
export function PlaceholderPage({ title, body, eyebrow, children }: PlaceholderPageProps) {
  useDocumentTitle(title);
  return (
    <section className={styles.page} aria-labelledby="page-title">
      {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
      <h1 id="page-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.body}>{body}</p>
      {children ? <div className={styles.actions}>{children}</div> : null}
    </section>
  );
}
