import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import styles from './receipt.module.css';
import linkStyles from './student-links.module.css';

/**
 * The states every page opened from a link goes through: a link that is not (or no longer)
 * valid, a server that could not answer, loading, and the page itself once its data is there.
 */
export function LinkPageBody<T>({
  missing,
  query,
  invalidText,
  loadingText,
  children,
}: {
  /** The address lacks what the page needs (no key): invalid without asking the server. */
  missing: boolean;
  query: { data: T | undefined; isError: boolean; error: unknown };
  invalidText: string;
  loadingText: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('errors');
  // A 4xx means the server looked and the link is not one it knows; 5xx is our trouble, not theirs.
  const invalid = missing || (query.isError && query.error instanceof ApiError && query.error.status < 500);
  if (invalid) {
    return (
      <p className={linkStyles.error} role="alert" data-testid="link-invalid">
        {invalidText}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p className={linkStyles.error} role="alert">
        {t('errors:generic')}
      </p>
    );
  }
  if (query.data === undefined)
    return <div className={linkStyles.spinner} role="status" aria-label={loadingText} />;
  return <>{children(query.data)}</>;
}

/** Money lines as a receipt prints them: what for, how much, and the total under them. */
export function MoneyLines({
  lines,
  amountTitle,
  totalLabel,
  totalPaisa,
  totalTestId,
  money,
}: {
  lines: readonly { key: string; label: string; amountPaisa: number }[];
  amountTitle: string;
  totalLabel: string;
  totalPaisa: number;
  totalTestId: string;
  money: (paisa: number) => string;
}) {
  const { t } = useTranslation('links');
  return (
    <table className={styles.lines}>
      <thead>
        <tr>
          <th scope="col">{t('receipt.item')}</th>
          <th scope="col" className={styles.amount}>
            {amountTitle}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key}>
            <td>{line.label}</td>
            <td className={styles.amount}>{money(line.amountPaisa)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{totalLabel}</th>
          <td className={styles.amount} data-testid={totalTestId}>
            {money(totalPaisa)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
