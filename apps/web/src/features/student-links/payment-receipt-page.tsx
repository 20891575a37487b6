import { type feeEndpoints, LINK_PATHS } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../lib/billing-month';
import { formatDateTime } from '../../lib/format-time';
import { pathQuery } from '../../lib/path-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import { useQueryParams } from '../../lib/use-query-params';
import { InstitutionHeader } from './institution-header';
import { LinkPageBody, MoneyLines } from './link-page-body';
import styles from './receipt.module.css';
import linkStyles from './student-links.module.css';

/**
 * `/student-payment-receipt?key=…`: the money receipt a family opens from the link in an SMS,
 * in English or Bangla with taka grouped the Bangladeshi way, ready to print
 * (the browser shapes Bangla correctly). The key is random and shows this one receipt only; a
 * voided receipt says so.
 */
export function PaymentReceiptPage() {
  const { t } = useTranslation(['links', 'domain', 'errors']);
  const { locale } = useLanguage();
  const money = useMoney();
  const params = useQueryParams();
  const key = params.get('key') ?? '';
  useDocumentTitle(t('receipt.title'));
  const receipt = useQuery({
    ...pathQuery<typeof feeEndpoints.publicReceipt>(LINK_PATHS.receipt, { params: { key } }),
    enabled: key !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const r = receipt.data;

  return (
    <section className={linkStyles.page} aria-labelledby="receipt-title">
      <div className={`${linkStyles.card} ${styles.receipt}`}>
        <InstitutionHeader
          id="receipt-title"
          title={r?.refund ? t('receipt.refundTitle') : t('receipt.title')}
          institution={r?.institution}
          logoUrl={r?.logoUrl}
        />
        <LinkPageBody
          missing={key === ''}
          query={receipt}
          invalidText={t('receipt.invalid')}
          loadingText={t('receipt.loading')}
        >
          {(r) => (
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
              <MoneyLines
                lines={r.allocations.map((line, index) => ({
                  // Lines have no id of their own and never change order.
                  key: String(index),
                  label: line.month
                    ? t('receipt.monthFee', {
                        classroom: line.classroomName ?? '',
                        month: formatMonth(line.month, locale),
                      })
                    : line.label,
                  amountPaisa: line.amountPaisa,
                }))}
                amountTitle={t('receipt.amount')}
                totalLabel={t('receipt.total')}
                totalPaisa={r.amountPaisa}
                totalTestId="receipt-total"
                money={money}
              />
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
        </LinkPageBody>
      </div>
    </section>
  );
}
