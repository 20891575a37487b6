import { feeEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { endpointQuery } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import styles from './receipt.module.css';
import linkStyles from './student-links.module.css';

/** A billing month (YYYY-MM) as its name in the reader's language: "September 2026". */
function monthName(month: string, locale: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year ?? 1970, (number ?? 1) - 1, 1),
  );
}

/**
 * `/student-payment-receipt?key=…`: the money receipt a family opens from the link in an SMS
 * (issue 15 item 2), in English or Bangla with taka grouped the Bangladeshi way, ready to print
 * (the browser shapes Bangla correctly). The key is random and shows this one receipt only; a
 * voided receipt says so.
 */
export function PaymentReceiptPage() {
  const { t } = useTranslation(['links', 'domain', 'errors']);
  const { locale } = useLanguage();
  const money = useMoney();
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  useDocumentTitle(t('receipt.title'));
  const receipt = useQuery({
    ...endpointQuery(feeEndpoints.publicReceipt, { params: { key } }),
    enabled: key !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const invalid =
    key === '' || (receipt.isError && receipt.error instanceof ApiError && receipt.error.status < 500);
  const r = receipt.data;

  return (
    <section className={linkStyles.page} aria-labelledby="receipt-title">
      <div className={`${linkStyles.card} ${styles.receipt}`}>
        {r ? (
          <header className={styles.head}>
            {r.logoUrl ? <img src={r.logoUrl} alt="" className={styles.logo} /> : null}
            <div>
              <p className={styles.institution}>{r.institution}</p>
              <h1 id="receipt-title" className={linkStyles.title}>
                {r.refund ? t('receipt.refundTitle') : t('receipt.title')}
              </h1>
            </div>
          </header>
        ) : (
          <h1 id="receipt-title" className={linkStyles.title}>
            {t('receipt.title')}
          </h1>
        )}
        {invalid ? (
          <p className={linkStyles.error} role="alert">
            {t('receipt.invalid')}
          </p>
        ) : receipt.isError ? (
          <p className={linkStyles.error} role="alert">
            {t('errors:generic')}
          </p>
        ) : !r ? (
          <div className={linkStyles.spinner} role="status">
            {t('receipt.loading')}
          </div>
        ) : (
          <>
            {r.voided ? (
              <p className={linkStyles.error} role="alert" data-testid="receipt-voided">
                {t('receipt.voided')}
              </p>
            ) : null}
            <dl className={styles.facts}>
              <dt>{t('receipt.number')}</dt>
              <dd data-testid="receipt-number">{r.receiptNo.toLocaleString(locale)}</dd>
              <dt>{t('receipt.date')}</dt>
              <dd>{formatDateTime(r.receivedAt, locale)}</dd>
              <dt>{t('receipt.student')}</dt>
              <dd>
                {r.studentName}
                {r.customId ? ` (${r.customId})` : ''}
              </dd>
              <dt>{t('receipt.method')}</dt>
              <dd>
                {t(`receipt.methods.${r.method}`, { defaultValue: r.method })}
                {r.reference ? ` · ${r.reference}` : ''}
              </dd>
            </dl>
            <table className={styles.lines}>
              <thead>
                <tr>
                  <th scope="col">{t('receipt.item')}</th>
                  <th scope="col" className={styles.amount}>
                    {t('receipt.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {r.allocations.map((line, index) => (
                  // Lines have no id of their own and never change order.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <tr key={index}>
                    <td>
                      {line.month
                        ? t('receipt.monthFee', {
                            classroom: line.classroomName ?? '',
                            month: monthName(line.month, locale),
                          })
                        : line.label}
                    </td>
                    <td className={styles.amount}>{money(line.amountPaisa)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('receipt.total')}</th>
                  <td className={styles.amount} data-testid="receipt-total">
                    {money(r.amountPaisa)}
                  </td>
                </tr>
              </tfoot>
            </table>
            {r.takenBy ? (
              <p className={linkStyles.muted}>{t('receipt.takenBy', { name: r.takenBy })}</p>
            ) : null}
            <div className={`${linkStyles.actions} ${styles.noPrint}`}>
              <button type="button" className="bw-btn bw-btn--primary" onClick={() => window.print()}>
                {t('receipt.print')}
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
