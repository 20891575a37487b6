import { onlinePayEndpoints, type PublicPayPortal } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { downloadQrPng, QrCode } from '../../components/qr-code';
import { endpointQuery } from '../../lib/api-client';
import { formatMonth } from '../../lib/billing-month';
import { formatDate } from '../../lib/format-time';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import { InstitutionHeader } from './institution-header';
import { LinkPageBody, MoneyLines } from './link-page-body';
import styles from './pay.module.css';
import receiptStyles from './receipt.module.css';
import linkStyles from './student-links.module.css';

/** The pay link's portal data and its full address, for the printable sheets below. */
function usePayLink() {
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const suid = params.get('suid') ?? '';
  const portal = useQuery({
    ...endpointQuery(onlinePayEndpoints.publicPay, { query: { key, suid } }),
    enabled: key !== '' && suid !== '',
    retry: false,
  });
  const url = `${window.location.origin}/s-pay?${new URLSearchParams({ key, suid })}`;
  return { portal, url, missing: key === '' || suid === '' };
}

function Sheet({
  titleKey,
  id,
  children,
}: {
  titleKey: 'qrTitle' | 'invoiceTitle';
  id: string;
  children: (portal: PublicPayPortal, url: string) => ReactNode;
}) {
  const { t } = useTranslation(['links', 'domain', 'errors']);
  const { portal, url, missing } = usePayLink();
  const p = portal.data;
  useDocumentTitle(t(`pay.sheet.${titleKey}`));
  return (
    <section className={linkStyles.page} aria-labelledby={id}>
      <div className={`${linkStyles.card} ${styles.portal}`}>
        <InstitutionHeader
          id={id}
          title={t(`pay.sheet.${titleKey}`)}
          institution={p?.institution}
          logoUrl={p?.logoUrl}
        />
        <LinkPageBody
          missing={missing}
          query={portal}
          invalidText={t('domain:PAY_LINK_INVALID')}
          loadingText={t('pay.loading')}
        >
          {(data) => children(data, url)}
        </LinkPageBody>
      </div>
    </section>
  );
}

/**
 * `/digital-pay-qr-download?key=…&suid=…`: the student's pay link as a QR code to download or
 * print — stuck on a diary or handed over at the counter, a parent scans it to open the portal.
 */
export function PayQrPage() {
  const { t } = useTranslation('links');
  const qr = useRef<HTMLDivElement>(null);
  const handleDownload = (name: string) => {
    const svg = qr.current?.querySelector('svg');
    if (svg) void downloadQrPng(svg, `pay-${name.replace(/[^\p{L}\p{N}]+/gu, '-')}.png`);
  };
  return (
    <Sheet titleKey="qrTitle" id="pay-qr-title">
      {(p, url) => (
        <>
          <div className={styles.qr} ref={qr}>
            <QrCode value={url} size={280} title={t('pay.sheet.qrAlt', { name: p.studentName })} />
            <strong>{p.studentName}</strong>
            {p.customId ? <small>{p.customId}</small> : null}
          </div>
          <p className={linkStyles.muted}>{t('pay.sheet.scan')}</p>
          <p className={styles.link}>{url}</p>
          <div className={`${linkStyles.actions} ${styles.noPrint}`}>
            <button
              type="button"
              className="bw-btn bw-btn--primary"
              onClick={() => handleDownload(p.studentName)}
            >
              {t('pay.sheet.download')}
            </button>
            <button type="button" className="bw-btn bw-btn--ghost" onClick={() => window.print()}>
              {t('receipt.print')}
            </button>
          </div>
        </>
      )}
    </Sheet>
  );
}

/**
 * `/admin-invoice?key=…&suid=…`: a printable dues statement for one student — what each month
 * and special payment still owes, the total, and the QR code of the pay link — for the centre to
 * hand out or a parent to print.
 */
export function PayInvoicePage() {
  const { t } = useTranslation('links');
  const { locale } = useLanguage();
  const money = useMoney();
  return (
    <Sheet titleKey="invoiceTitle" id="pay-invoice-title">
      {(p, url) => (
        <>
          <dl className={receiptStyles.facts}>
            <dt>{t('receipt.student')}</dt>
            <dd>
              {p.studentName}
              {p.customId ? ` (${p.customId})` : ''}
            </dd>
            <dt>{t('receipt.date')}</dt>
            <dd>{formatDate(Date.now(), locale)}</dd>
          </dl>
          <MoneyLines
            lines={[
              ...p.classrooms.flatMap((c) =>
                c.months.map((m) => ({
                  key: `${c.classroomId}:${m.month}`,
                  label: t('receipt.monthFee', {
                    classroom: c.classroomName,
                    month: formatMonth(m.month, locale),
                  }),
                  amountPaisa: m.duePaisa,
                })),
              ),
              ...p.charges.map((charge) => ({
                key: charge.chargeId,
                label: charge.classroomName ? `${charge.label} · ${charge.classroomName}` : charge.label,
                amountPaisa: charge.duePaisa,
              })),
            ]}
            amountTitle={t('pay.sheet.due')}
            totalLabel={t('pay.total')}
            totalPaisa={p.totalDuePaisa}
            totalTestId="invoice-total"
            money={money}
          />
          {p.totalDuePaisa > 0 && p.onlinePayment && p.gateways.length > 0 ? (
            <div className={`${styles.qr} ${styles.qrSmall}`}>
              <QrCode value={url} size={140} title={t('pay.sheet.qrAlt', { name: p.studentName })} />
              <small>{t('pay.sheet.scan')}</small>
            </div>
          ) : null}
          <div className={`${linkStyles.actions} ${styles.noPrint}`}>
            <button type="button" className="bw-btn bw-btn--primary" onClick={() => window.print()}>
              {t('receipt.print')}
            </button>
          </div>
        </>
      )}
    </Sheet>
  );
}
