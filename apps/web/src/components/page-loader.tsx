import styles from './page-loader.module.css';

/**
 * Shown while code or translations load. It has no text on purpose: it can appear before any
 * translation exists, and the label is carried by `aria-busy` instead.
 */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div className={`${styles.loader} ${fullScreen ? styles.full : ''}`} aria-busy="true" aria-live="polite">
      <span className={styles.spinner} />
    </div>
  );
}
