import { PLAN_FEATURES, type PlanFeature } from '@batchwise/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  /**
   * On product pages, the plan feature or tool the card claims (plans/plans.ts); a feature
   * that does not ship yet is labelled as planned. The claims test holds every claim to a key.
   */
  feature?: string;
}

/** Whether a claimed key names a feature that does not ship yet (tools in the catalogue ship). */
export const isPlanned = (feature: string | undefined): boolean =>
  feature !== undefined && feature in PLAN_FEATURES && !PLAN_FEATURES[feature as PlanFeature].ships;

/** The "Planned" tag beside a claim that does not ship yet. */
export function PlannedTag({ feature }: { feature?: string }) {
  const { t } = useTranslation('public');
  return isPlanned(feature) ? (
    <span className={styles.planned} data-planned="">
      {t('planned')}
    </span>
  ) : null;
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
        <li key={item.title} className={styles.card} data-feature={item.feature}>
          {numbered ? (
            <span className={styles.number} aria-hidden="true">
              {format ? format(index + 1) : index + 1}
            </span>
          ) : null}
          <h3 className={styles.cardTitle}>
            {item.title} <PlannedTag feature={item.feature} />
          </h3>
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

/** A ticked list of claims, each naming its feature key (see CardItem.feature). */
export function CheckList({ items }: { items: { text: string; feature: string }[] }) {
  return (
    <ul className={styles.checks}>
      {items.map((item) => (
        <li key={item.text} data-feature={item.feature}>
          {item.text} <PlannedTag feature={item.feature} />
        </li>
      ))}
    </ul>
  );
}

export { styles as marketing };
