import type { ReactNode } from 'react';
import styles from './error-screen.module.css';

interface ErrorScreenProps {
  code: string;
  title: string;
  body: string;
  actions: ReactNode;
  fullScreen?: boolean;
}

/** Shared look of the 404 and 500 pages; plain CSS so it works on public pages and in the app. */
export function ErrorScreen({ code, title, body, actions, fullScreen = false }: ErrorScreenProps) {
  return (
    <section
      className={`${styles.screen} ${fullScreen ? styles.fullScreen : ''}`}
      aria-labelledby="error-title"
    >
      <div className={styles.inner}>
        <p className={styles.code} aria-hidden="true">
          {code}
        </p>
        <h1 id="error-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.body}>{body}</p>
        <div className={styles.actions}>{actions}</div>
      </div>
    </section>
  );
}
