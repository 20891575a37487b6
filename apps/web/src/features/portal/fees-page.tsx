import type { PayItem, PaymentGateway } from '@batchwise/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import styles from './portal.module.css';
import { type PortalAnswer, portalQueries, startPay } from './portal-api';
import { type PortalFormat, usePortalFormat } from './portal-format';
import { EmptyState, QueryStates } from './portal-states';

type Fees = PortalAnswer<'fees'>;
type Line = Fees['dues']['lines'][number];

const lineKey = (line: Line) => `${line.kind}:${line.chargeId ?? line.classroomId}:${line.month}`;
const itemOf = (line: Line): PayItem =>
  line.kind === 'charge'
    ? { kind: 'charge', chargeId: line.chargeId ?? '' }
    : { kind: 'month', classroomId: line.classroomId ?? '', month: line.month };

const STATUS_TONES: Record<Line['status'], string> = {
  paid: 'good',
  partial: 'warn',
  due: 'bad',
  waived: 'info',
  'not-billable': 'none',
};

/**
 * A child's fees: dues month by month per classroom, payment history with receipts, and online
 * payment through the same SSLCommerz / bKash attempt as the pay link (the gateway's result page
 * leads back here). The server prices the ticked lines itself.
 */
export function FeesPage({ studentId }: { studentId: string }) {
  const query = useQuery(portalQueries.fees(studentId));
  return (
    <QueryStates query={query}>
      {(fees) => <FeesBody key={studentId} studentId={studentId} fees={fees} />}
    </QueryStates>
  );
}

function FeesBody({ studentId, fees }: { studentId: string; fees: Fees }) {
  const { t } = useTranslation(['portal', 'links', 'domain', 'errors']);
  const f = usePortalFormat();
  const payable = (line: Line) =>
    fees.pay.enabled &&
    line.duePaisa > 0 &&
    (line.kind === 'charge' || fees.pay.payableClassroomIds.includes(line.classroomId ?? ''));
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [gateway, setGateway] = useState<PaymentGateway | null>(fees.pay.gateways[0] ?? null);
  const chosen = fees.dues.lines.filter((line) => payable(line) && !unticked.has(lineKey(line)));
  const total = chosen.reduce((sum, line) => sum + line.duePaisa, 0);
  const belowMinimum = chosen.length > 0 && total < fees.pay.minimumPaisa;
  const pay = useMutation({
    mutationFn: () => startPay(studentId, { gateway: gateway ?? 'sslcommerz', items: chosen.map(itemOf) }),
    onSuccess: (result) => window.location.assign(result.redirectUrl),
  });
  const toggle = (key: string) =>
    setUnticked((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const handlePay = (event: FormEvent) => {
    event.preventDefault();
    if (gateway && chosen.length > 0 && !belowMinimum) pay.mutate();
  };

  const groups = new Map<string, Line[]>();
  for (const line of fees.dues.lines) {
    const title = line.classroomName ?? t('fees.otherCharges');
    groups.set(title, [...(groups.get(title) ?? []), line]);
  }

  return (
    <>
      <h1 className={styles.title}>{t('fees.title', { name: fees.student.name })}</h1>
      <p className={styles.subtitle}>
        {t('fees.through', { month: f.month(fees.dues.throughMonth) })} ·{' '}
        <strong data-testid="fees-total-due">
          {t('fees.totalDue', { amount: f.money(fees.dues.totals.duePaisa) })}
        </strong>
      </p>
      <form onSubmit={handlePay}>
        {fees.dues.lines.length === 0 ? <EmptyState text={t('fees.noDues')} testId="fees-empty" /> : null}
        {[...groups].map(([title, lines]) => (
          <section key={title} className={styles.panel} data-testid="fees-classroom">
            <h2>{title}</h2>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('fees.month')}</th>
                  <th scope="col" className={styles.num}>
                    {t('fees.paid')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('fees.due')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <DueRow
                    key={lineKey(line)}
                    line={line}
                    f={f}
                    payable={payable(line)}
                    ticked={!unticked.has(lineKey(line))}
                    onToggle={() => toggle(lineKey(line))}
                  />
                ))}
              </tbody>
            </table>
          </section>
        ))}
        {fees.pay.enabled && fees.dues.lines.some(payable) ? (
          <section className={styles.panel} aria-labelledby="pay-title">
            <h2 id="pay-title">{t('fees.payOnline')}</h2>
            {fees.pay.gateways.length > 1 ? (
              <fieldset className={styles.chips}>
                <legend className="bw-visually-hidden">{t('fees.gateway')}</legend>
                {fees.pay.gateways.map((option) => (
                  <label
                    key={option}
                    className={styles.badge}
                    data-tone={option === gateway ? undefined : 'none'}
                  >
                    <input
                      type="radio"
                      name="gateway"
                      value={option}
                      checked={option === gateway}
                      onChange={() => setGateway(option)}
                    />{' '}
                    {t(`links:pay.gateways.${option}.name`)}
                  </label>
                ))}
              </fieldset>
            ) : null}
            <div className={styles.row}>
              <span className={styles.big} data-testid="fees-pay-total">
                {f.money(total)}
              </span>
              <button
                type="submit"
                className="bw-btn bw-btn--primary bw-btn--large"
                disabled={chosen.length === 0 || belowMinimum || pay.isPending || !gateway}
                data-testid="fees-pay"
              >
                {pay.isPending ? t('fees.redirecting') : t('child.payNow')}
              </button>
            </div>
            {belowMinimum ? (
              <p className={styles.error}>{t('fees.minimum', { amount: f.money(fees.pay.minimumPaisa) })}</p>
            ) : null}
            {pay.isError ? (
              <p className={styles.error} role="alert">
                {translateError(t, pay.error)}
              </p>
            ) : null}
          </section>
        ) : null}
      </form>
      <Payments payments={fees.payments} f={f} />
    </>
  );
}

function DueRow({
  line,
  f,
  payable,
  ticked,
  onToggle,
}: {
  line: Line;
  f: PortalFormat;
  payable: boolean;
  ticked: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('portal');
  const label = line.kind === 'charge' ? `${line.label} · ${f.month(line.month)}` : f.month(line.month);
  return (
    <tr data-testid="fees-line" data-month={line.month} data-status={line.status}>
      <td>
        {payable ? (
          <label>
            <input type="checkbox" checked={ticked} onChange={onToggle} /> {label}
          </label>
        ) : (
          label
        )}
        <br />
        <span className={styles.badge} data-tone={STATUS_TONES[line.status]}>
          {t(`fees.status.${line.status}`)}
        </span>
      </td>
      <td className={styles.num}>{f.money(line.paidPaisa)}</td>
      <td className={styles.num}>{f.money(line.duePaisa)}</td>
    </tr>
  );
}

function Payments({ payments, f }: { payments: Fees['payments']; f: PortalFormat }) {
  const { t } = useTranslation('portal');
  return (
    <section className={styles.panel} aria-labelledby="payments-title">
      <h2 id="payments-title">{t('fees.history')}</h2>
      {payments.length === 0 ? (
        <p className={styles.muted}>{t('fees.noPayments')}</p>
      ) : (
        <ul className={styles.list}>
          {payments.map((payment) => (
            <li key={payment.id} className={styles.row} data-testid="fees-payment">
              <span>
                <strong>{f.money(payment.amountPaisa)}</strong>
                <br />
                <span className={styles.muted}>
                  {f.dateTime(payment.receivedAt)} ·{' '}
                  {t('fees.receiptNo', { no: f.number(payment.receiptNo) })}
                  {payment.voided ? ` · ${t('fees.voided')}` : ''}
                </span>
              </span>
              <a href={payment.receiptLink} className="bw-btn bw-btn--ghost" data-testid="fees-receipt">
                {t('fees.receipt')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
