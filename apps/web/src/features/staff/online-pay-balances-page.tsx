import { addDays, dayOf, isBangladeshDay, onlinePayEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { ApiError } from '../../lib/api';
import { endpointQuery } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import styles from './online-pay-balances.module.css';

/** The first day of the Bangladesh month a day is in. */
const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/**
 * `/Online-Pay-Balances-Of-Account`: for Batchwise staff, what each account took
 * through each gateway in a period, what was refunded, what the gateway kept and so what it owes
 * the account's merchant. Plain layout like the other staff tool pages; the server refuses anyone
 * who is not platform staff, and the page says so.
 */
export function OnlinePayBalancesPage() {
  const { t } = useTranslation(['staff', 'domain', 'errors']);
  const { locale } = useLanguage();
  const money = useMoney();
  const today = dayOf(Date.now());
  const [from, setFrom] = useState(monthStart(today));
  const [to, setTo] = useState(today);
  useDocumentTitle(t('balances.title'));
  const valid = isBangladeshDay(from) && isBangladeshDay(to) && from <= to;
  const balances = useQuery({
    ...endpointQuery(onlinePayEndpoints.onlinePayBalances, { query: { from, to } }),
    enabled: valid,
    retry: false,
    placeholderData: (previous) => previous,
  });
  const status = balances.error instanceof ApiError ? balances.error.status : null;
  const rows = balances.data?.rows ?? [];
  const sum = (pick: (row: (typeof rows)[number]) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);

  return (
    <section className={styles.page} aria-labelledby="balances-title">
      <h1 id="balances-title" className={styles.title}>
        {t('balances.title')}
      </h1>
      <p className={styles.muted}>{t('balances.intro')}</p>
      {status === 401 ? (
        <p className={styles.error} role="alert">
          {t('balances.signIn')} <Link to={paths.signIn}>{t('balances.signInLink')}</Link>
        </p>
      ) : status === 403 ? (
        <p className={styles.error} role="alert">
          {t('balances.staffOnly')}
        </p>
      ) : (
        <>
          <div className={styles.filters}>
            <label>
              {t('balances.from')}
              <input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
            </label>
            <label>
              {t('balances.to')}
              <input type="date" value={to} min={from} max={today} onChange={(e) => setTo(e.target.value)} />
            </label>
            <button
              type="button"
              className="bw-btn bw-btn--ghost"
              onClick={() => {
                setFrom(monthStart(today));
                setTo(today);
              }}
            >
              {t('balances.thisMonth')}
            </button>
            <button
              type="button"
              className="bw-btn bw-btn--ghost"
              onClick={() => {
                const last = addDays(monthStart(today), -1);
                setFrom(monthStart(last));
                setTo(last);
              }}
            >
              {t('balances.lastMonth')}
            </button>
          </div>
          {!valid ? (
            <p className={styles.error} role="alert">
              {t('balances.badRange')}
            </p>
          ) : balances.isError ? (
            <p className={styles.error} role="alert">
              {t('errors:generic')}
            </p>
          ) : balances.isPending ? (
            <PageLoader />
          ) : rows.length === 0 ? (
            <p className={styles.muted} data-testid="balances-empty">
              {t('balances.empty')}
            </p>
          ) : (
            <div className={styles.scroll}>
              <table className={styles.table} data-testid="balances-table">
                <thead>
                  <tr>
                    <th scope="col">{t('balances.account')}</th>
                    <th scope="col">{t('balances.gateway')}</th>
                    <th scope="col" className={styles.number}>
                      {t('balances.payments')}
                    </th>
                    <th scope="col" className={styles.number}>
                      {t('balances.collected')}
                    </th>
                    <th scope="col" className={styles.number}>
                      {t('balances.refunded')}
                    </th>
                    <th scope="col" className={styles.number}>
                      {t('balances.fees')}
                    </th>
                    <th scope="col" className={styles.number}>
                      {t('balances.owed')}
                    </th>
                    <th scope="col">{t('balances.lastPaid')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={`${row.accountId}:${row.gateway}`}>
                      <td>{row.institution}</td>
                      <td>{t(`balances.gateways.${row.gateway}`)}</td>
                      <td className={styles.number}>{row.payments.toLocaleString(locale)}</td>
                      <td className={styles.number}>{money(row.collectedPaisa)}</td>
                      <td className={styles.number}>{money(row.refundedPaisa)}</td>
                      <td className={styles.number}>
                        {money(row.feePaisa)}
                        {row.feeUnreported > 0 ? (
                          <small className={styles.note}>
                            {t('balances.feeUnreported', {
                              count: row.feeUnreported,
                              formatted: row.feeUnreported.toLocaleString(locale),
                            })}
                          </small>
                        ) : null}
                      </td>
                      <td className={styles.number}>
                        <strong>{money(row.netPaisa)}</strong>
                      </td>
                      <td>{formatDateTime(row.lastPaidAt, locale)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2}>
                      {t('balances.total')}
                    </th>
                    <td className={styles.number}>{sum((r) => r.payments).toLocaleString(locale)}</td>
                    <td className={styles.number}>{money(sum((r) => r.collectedPaisa))}</td>
                    <td className={styles.number}>{money(sum((r) => r.refundedPaisa))}</td>
                    <td className={styles.number}>{money(sum((r) => r.feePaisa))}</td>
                    <td className={styles.number} data-testid="balances-owed">
                      {money(sum((r) => r.netPaisa))}
                    </td>
                    <td />
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
