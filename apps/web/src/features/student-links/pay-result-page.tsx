import {
  onlinePayEndpoints,
  PAYMENT_FAIL_REASONS,
  type PayAttemptPublic,
  type PaymentFailReason,
} from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { endpointQuery } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import { InstitutionHeader } from './institution-header';
import styles from './pay.module.css';
import receiptStyles from './receipt.module.css';
import linkStyles from './student-links.module.css';

/** Which page the gateway's redirect landed on; the attempt itself has the last word. */
export type PayResultVariant = 'success' | 'fail' | 'bkashError';

/** How long the success page keeps asking while the gateway's confirmation is on its way. */
const CONFIRM_POLL_MS = 2_000;
const CONFIRM_GIVE_UP_MS = 90_000;

function reasonOf(value: string | null): PaymentFailReason | null {
  return PAYMENT_FAIL_REASONS.find((r) => r === value) ?? null;
}

function outcomeOf(attempt: PayAttemptPublic | undefined, variant: PayResultVariant) {
  if (!attempt) return variant === 'success' ? 'pending' : 'failed';
  switch (attempt.status) {
    case 'paid':
      return 'paid';
    case 'needs_review':
      return 'review';
    case 'created':
    case 'redirected':
      // Back on the success page before the IPN: wait for it. Back on a failure page: the
      // gateway said no even if our record has not heard yet.
      return variant === 'success' ? 'pending' : 'failed';
    default:
      return 'failed';
  }
}

/**
 * `/paymentsuccess?tran=…`, `/paymentfail?tran=…&reason=…`, `/student-payment-fail` and
 * `/bkash-payment-error`: where a gateway's redirect leaves the parent (spec part 2 §2 "Online
 * payment result": success with the payment id and an open-receipt action, failure with the
 * reason, or the invalid-link page). The page reads the attempt by its transaction id, so a
 * hand-edited address cannot show a success that did not happen.
 */
export function PayResultPage({ variant }: { variant: PayResultVariant }) {
  const { t } = useTranslation(['links', 'domain', 'errors']);
  const { locale } = useLanguage();
  const money = useMoney();
  const [params] = useSearchParams();
  const tranId = params.get('tran') ?? '';
  const queryReason = reasonOf(params.get('reason'));
  const attempt = useQuery({
    ...endpointQuery(onlinePayEndpoints.payAttempt, { params: { tranId } }),
    enabled: tranId !== '',
    retry: false,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      const waiting = variant === 'success' && (status === 'created' || status === 'redirected');
      return waiting && Date.now() - (query.state.data?.createdAt ?? 0) < CONFIRM_GIVE_UP_MS
        ? CONFIRM_POLL_MS
        : false;
    },
  });
  const a = attempt.data;
  const outcome = outcomeOf(a, variant);
  const reason = a?.reason ?? queryReason;
  const title =
    outcome === 'paid'
      ? t('pay.result.successTitle')
      : outcome === 'review'
        ? t('pay.result.reviewTitle')
        : outcome === 'pending'
          ? t('pay.result.pendingTitle')
          : variant === 'bkashError'
            ? t('pay.result.bkashTitle')
            : t('pay.result.failTitle');
  useDocumentTitle(title);
  const unknown =
    (tranId === '' && (variant === 'success' || !queryReason)) ||
    (attempt.isError && attempt.error instanceof ApiError && attempt.error.status < 500);
  const loading = tranId !== '' && attempt.isPending;
  const stillWaiting = outcome === 'pending' && a && Date.now() - a.createdAt >= CONFIRM_GIVE_UP_MS;

  return (
    <section className={linkStyles.page} aria-labelledby="pay-result-title">
      <div className={`${linkStyles.card} ${styles.portal}`}>
        <InstitutionHeader
          id="pay-result-title"
          title={unknown ? t('pay.result.failTitle') : title}
          institution={a?.institution}
        />
        {unknown ? (
          <p className={linkStyles.error} role="alert" data-testid="link-invalid">
            {t('domain:PAY_LINK_INVALID')}
          </p>
        ) : loading ? (
          <div className={linkStyles.spinner} role="status" aria-label={t('pay.loading')} />
        ) : attempt.isError ? (
          <p className={linkStyles.error} role="alert">
            {t('errors:generic')}
          </p>
        ) : (
          <>
            <div className={styles.outcome} data-testid={`pay-outcome-${outcome}`}>
              {outcome === 'pending' ? (
                <div className={linkStyles.spinner} aria-hidden="true" />
              ) : (
                <span
                  className={`${styles.mark} ${outcome === 'failed' ? styles.bad : styles.good}`}
                  aria-hidden="true"
                >
                  {outcome === 'failed' ? '!' : '✓'}
                </span>
              )}
              <p role={outcome === 'failed' ? 'alert' : 'status'}>
                {outcome === 'paid'
                  ? t('pay.result.success')
                  : outcome === 'review'
                    ? t('pay.result.review')
                    : outcome === 'pending'
                      ? stillWaiting
                        ? t('pay.result.stillWaiting')
                        : t('pay.result.pending')
                      : reason
                        ? t(`domain:PAY_FAIL_${reason}`)
                        : t('pay.result.failed')}
              </p>
            </div>
            {a ? (
              <dl className={receiptStyles.facts}>
                <dt>{t('pay.result.student')}</dt>
                <dd>{a.studentName}</dd>
                <dt>{t('pay.result.amount')}</dt>
                <dd>{money(a.amountPaisa)}</dd>
                {a.gatewayTransactionId ? (
                  <>
                    <dt>{t('pay.result.paymentId')}</dt>
                    <dd data-testid="pay-payment-id">{a.gatewayTransactionId}</dd>
                  </>
                ) : null}
                <dt>{t('pay.result.transaction')}</dt>
                <dd data-testid="pay-tran-id">{a.tranId}</dd>
                <dt>{t('pay.result.via')}</dt>
                <dd>{t(`pay.gateways.${a.gateway}.name`)}</dd>
                {a.paidAt ? (
                  <>
                    <dt>{t('pay.result.paidAt')}</dt>
                    <dd>{formatDateTime(a.paidAt, locale)}</dd>
                  </>
                ) : null}
                {a.receiptNo !== null ? (
                  <>
                    <dt>{t('receipt.number')}</dt>
                    <dd>{a.receiptNo.toLocaleString(locale)}</dd>
                  </>
                ) : null}
              </dl>
            ) : null}
            <div className={linkStyles.actions}>
              {a?.receiptLink ? (
                <Link to={a.receiptLink} className="bw-btn bw-btn--primary" data-testid="pay-open-receipt">
                  {t('pay.result.openReceipt')}
                </Link>
              ) : null}
              {a && outcome === 'failed' ? (
                <BackToDues attempt={a} className="bw-btn bw-btn--primary">
                  {t('pay.result.tryAgain')}
                </BackToDues>
              ) : null}
              {a && outcome === 'paid' ? (
                <BackToDues attempt={a} className="bw-btn bw-btn--ghost">
                  {t('pay.result.backToDues')}
                </BackToDues>
              ) : null}
              {stillWaiting ? (
                <button type="button" className="bw-btn bw-btn--ghost" onClick={() => void attempt.refetch()}>
                  {t('pay.result.checkAgain')}
                </button>
              ) : null}
            </div>
          </>
        )}
      </div>
    </section>
  );
}

/**
 * Back to where the payment started: the family portal's fees page (its own entry, so a full page
 * load) when it began there, else the pay link's dues.
 */
function BackToDues({
  attempt,
  className,
  children,
}: {
  attempt: Pick<PayAttemptPublic, 'payLink' | 'returnPath'>;
  className: string;
  children: ReactNode;
}) {
  if (attempt.returnPath) {
    return (
      <a href={attempt.returnPath} className={className} data-testid="pay-back-to-portal">
        {children}
      </a>
    );
  }
  return (
    <Link to={attempt.payLink} className={className}>
      {children}
    </Link>
  );
}
