import type { ReactNode } from 'react';
import { BrandMark } from '../../components/icons';
import { PlainFrame } from '../../components/plain-frame';
import { paths } from '../../lib/paths';
import styles from './wizard-frame.module.css';

/**
 * The plain frame for the wizard's own entry (start-wizard.tsx), which has no router: the brand
 * is a plain link. Inside the app the route's plain layout draws the frame instead, so the page
 * itself carries none.
 */
export function WizardFrame({ children }: { children: ReactNode }) {
  return (
    <PlainFrame
      brand={
        <a href={paths.welcome} className={styles.brand}>
          <BrandMark />
          <span>Batchwise</span>
        </a>
      }
      languageClassName={styles.languages}
    >
      {children}
    </PlainFrame>
  );
}
