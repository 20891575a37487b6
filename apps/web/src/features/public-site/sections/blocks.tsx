import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './marketing.module.css';

/** A page's opening: optional eyebrow, the page's only <h1>, a lead paragraph and actions. */
export function PageHero(props: { eyebrow?: string; title: string; lead?: string; children?: ReactNode }) {
  return (
    <section className={styles.hero} aria-labelledby="page-title">
      <div className={styles.heroInner}>
        {props.eyebrow ? <p className={styles.eyebrow}>{props.eyebrow}</p> : null}
        <h1 id="page-title" className={styles.title}>
          {props.title}
        </h1>
        {props.lead ? <p className={styles.lead}>{props.lead}</p> : null}
        {props.children ? <div className={styles.actions}>{props.children}</div> : null}
      </div>
    </section>
  );
}

export function Section(props: {
  id: string;
  title: string;
  intro?: string;
  band?: boolean;
  children: ReactNode;
}) {
  const inner = (
    <section className={styles.section} aria-labelledby={props.id}>
      <h2 id={props.id} className={styles.h2}>
        {props.title}
      </h2>
      {props.intro ? <p className={styles.sectionIntro}>{props.intro}</p> : null}
      {props.children}
    </section>
  );
  return props.band ? <div className={styles.band}>{inner}</div> : inner;
}

export interface CardItem {
  title: string;
  body: string;
}

/** Titled cards in a responsive grid; `numbered` adds 1, 2, 3… in the reader's digits. */
export function CardGrid({
  items,
  numbered,
  format,
  compact,
}: {
  items: CardItem[];
  numbered?: boolean;
  format?: (n: number) => string;
  /** Narrower cards, so five fit in one row on a desktop. */
  compact?: boolean;
}) {
  return (
    <ul className={compact ? `${styles.grid} ${styles.compact}` : styles.grid}>
      {items.map((item, index) => (
        <li key={item.title} className={styles.card}>
          {numbered ? (
            <span className={styles.number} aria-hidden="true">
              {format ? format(index + 1) : index + 1}
            </span>
          ) : null}
          <h3 className={styles.cardTitle}>{item.title}</h3>
          <p className={styles.cardBody}>{item.body}</p>
        </li>
      ))}
    </ul>
  );
}

export function Stats({ items }: { items: { value: string; label: string }[] }) {
  return (
    <ul className={styles.stats}>
      {items.map((item) => (
        <li key={item.label} className={styles.stat}>
          <span className={styles.statValue}>{item.value}</span>
          <span className={styles.statLabel}>{item.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** Questions that open in place; <details> needs no script and works before the app loads. */
export function FaqList({ items }: { items: { q: string; a: string }[] }) {
  return (
    <div className={styles.faq}>
      {items.map((item) => (
        <details key={item.q}>
          <summary>{item.q}</summary>
          <p>{item.a}</p>
        </details>
      ))}
    </div>
  );
}

export function CtaBand(props: { title: string; body: string; to: string; button: string }) {
  return (
    <div className={styles.section}>
      <div className={styles.cta}>
        <div>
          <h2>{props.title}</h2>
          <p>{props.body}</p>
        </div>
        <Link to={props.to} className={`bw-btn bw-btn--large ${styles.ctaButton}`}>
          {props.button}
        </Link>
      </div>
    </div>
  );
}

export function CheckList({ items }: { items: string[] }) {
  return (
    <ul className={styles.checks}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export { styles as marketing };
