import {
  LINK_PATHS,
  type onlinePayEndpoints,
  type PayItem,
  type PaymentGateway,
  type PublicPayPortal,
} from '@batchwise/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../lib/billing-month';
import { pathCall, pathQuery } from '../../lib/path-client';
import { translateError } from '../../lib/translate-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import { useQueryParams } from '../../lib/use-query-params';
import { InstitutionHeader } from './institution-header';
import { LinkPageBody } from './link-page-body';
import styles from './pay.module.css';
import linkStyles from './student-links.module.css';

interface Line {
  key: string;
  item: PayItem;
  label: string;
  duePaisa: number;
}

interface Group {
  id: string;
  title: string;
  lines: Line[];
}

/** What the portal lets a parent tick: each classroom's months, then the special payments. */
function groupsOf(portal: PublicPayPortal, locale: string): Group[] {
  const groups: Group[] = portal.classrooms.map((c) => ({
    id: c.classroomId,
    title: c.classroomName,
    lines: c.months.map((m) => ({
      key: `m:${c.classroomId}:${m.month}`,
      item: { kind: 'month', classroomId: c.classroomId, month: m.month },
      label: formatMonth(m.month, locale),
      duePaisa: m.duePaisa,
    })),
  }));
  if (portal.charges.length > 0) {
    groups.push({
      id: 'charges',
      title: '',
      lines: portal.charges.map((charge) => ({
        key: `c:${charge.chargeId}`,
        item: { kind: 'charge', chargeId: charge.chargeId },
        label: charge.classroomName ? `${charge.label} · ${charge.classroomName}` : charge.label,
        duePaisa: charge.duePaisa,
      })),
    });
  }
  return groups;
}

/**
 * `/s-pay?key=…&suid=…` (and `/pay-with-bkash`, which starts with bKash chosen): the parent
 * payment portal a family opens from the pay link in an SMS (spec part 2 §2
 * "make-online-payment page": classroom, month, sub-total, total, pay now). Everything owing is
 * ticked; the parent may untick, picks a gateway and is sent to it. The server prices the ticked
 * items itself: the sums here are only what the parent reads.
 */
export function PayPortalPage({ preferredGateway }: { preferredGateway?: PaymentGateway }) {
  const { t } = useTranslation(['links', 'domain', 'errors']);
  const { locale } = useLanguage();
  const money = useMoney();
  const params = useQueryParams();
  const key = params.get('key') ?? '';
  const suid = params.get('suid') ?? '';
  useDocumentTitle(t('pay.title'));
  const portal = useQuery({
    ...pathQuery<typeof onlinePayEndpoints.publicPay>(LINK_PATHS.payPortal, { query: { key, suid } }),
    enabled: key !== '' && suid !== '',
    retry: false,
  });
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [chosenGateway, setGateway] = useState<PaymentGateway | null>(null);
  const start = useMutation({
    mutationFn: (input: { gateway: PaymentGateway; items: PayItem[] }) =>
      pathCall<typeof onlinePayEndpoints.startPay>('POST', LINK_PATHS.startPay, {
        body: { key, suid, ...input },
      }),
    onSuccess: (result) => window.location.assign(result.redirectUrl),
  });

  const p = portal.data;
  const groups = useMemo(() => (p ? groupsOf(p, locale) : []), [p, locale]);
  const lines = groups.flatMap((g) => g.lines);
  const chosen = lines.filter((line) => !unticked.has(line.key));
  const total = chosen.reduce((sum, line) => sum + line.duePaisa, 0);
  const gateways = p?.onlinePayment ? p.gateways : [];
  const gateway =
    chosenGateway && gateways.includes(chosenGateway)
      ? chosenGateway
      : preferredGateway && gateways.includes(preferredGateway)
        ? preferredGateway
        : (gateways[0] ?? null);
  const belowMinimum = p !== undefined && chosen.length > 0 && total < p.minimumPaisa;

  const toggle = (lineKey: string) =>
    setUnticked((current) => {
      const next = new Set(current);
      if (next.has(lineKey)) next.delete(lineKey);
      else next.add(lineKey);
      return next;
    });
  const handlePay = (event: React.FormEvent) => {
    event.preventDefault();
    if (!gateway || chosen.length === 0 || belowMinimum) return;
    start.mutate({ gateway, items: chosen.map((line) => line.item) });
  };

  return (
    <section className={linkStyles.page} aria-labelledby="pay-title">
      <div className={`${linkStyles.card} ${styles.portal}`}>
        <InstitutionHeader
          id="pay-title"
          title={t('pay.title')}
          institution={p?.institution}
          logoUrl={p?.logoUrl}
        />
        <LinkPageBody
          missing={key === '' || suid === ''}
          query={portal}
          invalidText={t('domain:PAY_LINK_INVALID')}
          loadingText={t('pay.loading')}
        >
          {(p) => (
            <form onSubmit={handlePay} className={styles.form}>
              <p className={styles.student}>
                {t('pay.student', { name: p.studentName })}
                {p.customId ? <span className={styles.id}> ({p.customId})</span> : null}
              </p>
              {lines.length === 0 ? (
                <p className={linkStyles.success} data-testid="pay-nothing-due">
                  {t('pay.nothingDue')}
                </p>
              ) : (
                groups.map((group) => {
                  const subTotal = group.lines
                    .filter((line) => !unticked.has(line.key))
                    .reduce((sum, line) => sum + line.duePaisa, 0);
                  return (
                    <fieldset key={group.id} className={styles.group}>
                      <legend>{group.title || t('pay.otherFees')}</legend>
                      {group.lines.map((line) => (
                        <label key={line.key} className={styles.line}>
                          <input
                            type="checkbox"
                            checked={!unticked.has(line.key)}
                            onChange={() => toggle(line.key)}
                          />
                          <span className={styles.lineLabel}>{line.label}</span>
                          <span className={styles.amount}>{money(line.duePaisa)}</span>
                        </label>
                      ))}
                      <p className={styles.subTotal}>
                        <span>{t('pay.subTotal')}</span>
                        <span className={styles.amount}>{money(subTotal)}</span>
                      </p>
                    </fieldset>
                  );
                })
              )}
              {lines.length > 0 ? (
                <p className={styles.total}>
                  <span>{t('pay.total')}</span>
                  <span className={styles.amount} data-testid="pay-total">
                    {money(total)}
                  </span>
                </p>
              ) : null}
              {lines.length === 0 ? null : !p.onlinePayment || gateways.length === 0 ? (
                <p className={linkStyles.muted} data-testid="pay-offline">
                  {t('pay.offline')}
                </p>
              ) : (
                <>
                  <fieldset className={styles.gateways}>
                    <legend>{t('pay.payWith')}</legend>
                    {gateways.map((g) => (
                      <label key={g} className={`${styles.gateway} ${gateway === g ? styles.chosen : ''}`}>
                        <input
                          type="radio"
                          name="gateway"
                          value={g}
                          checked={gateway === g}
                          onChange={() => setGateway(g)}
                        />
                        <span>
                          <strong>{t(`pay.gateways.${g}.name`)}</strong>
                          <small>{t(`pay.gateways.${g}.hint`)}</small>
                        </span>
                      </label>
                    ))}
                  </fieldset>
                  {belowMinimum ? (
                    <p className={linkStyles.error} role="alert">
                      {t('pay.minimum', { amount: money(p.minimumPaisa) })}
                    </p>
                  ) : null}
                  {start.isError ? (
                    <p className={linkStyles.error} role="alert">
                      {translateError(t, start.error)}
                    </p>
                  ) : null}
                  <p className={linkStyles.muted}>
                    {t('pay.window', {
                      count: p.windowMinutes,
                      minutes: p.windowMinutes.toLocaleString(locale),
                    })}
                  </p>
                  <button
                    type="submit"
                    className="bw-btn bw-btn--primary bw-btn--large"
                    disabled={chosen.length === 0 || belowMinimum || start.isPending || start.isSuccess}
                  >
                    {start.isPending || start.isSuccess
                      ? t('pay.redirecting')
                      : t('pay.payNow', { amount: money(total) })}
                  </button>
                </>
              )}
            </form>
          )}
        </LinkPageBody>
      </div>
    </section>
  );
}
