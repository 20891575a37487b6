import styles from './receipt.module.css';
import linkStyles from './student-links.module.css';

/**
 * The top of a page a family opens from a link: the institution's logo and name (once known)
 * above the page's title, so a parent sees at once who is asking for money or giving a receipt.
 */
export function InstitutionHeader({
  id,
  title,
  institution,
  logoUrl,
}: {
  id: string;
  title: string;
  institution?: string;
  logoUrl?: string | null;
}) {
  return (
    <header className={styles.head}>
      {logoUrl ? <img src={logoUrl} alt="" className={styles.logo} /> : null}
      <div>
        {institution ? <p className={styles.institution}>{institution}</p> : null}
        <h1 id={id} className={linkStyles.title}>
          {title}
        </h1>
      </div>
    </header>
  );
}
