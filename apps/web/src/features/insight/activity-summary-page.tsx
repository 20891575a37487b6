import {
  type ActivitySummary,
  addDays,
  dayOf,
  insightEndpoints,
  isBangladeshDay,
  toBanglaDigits,
} from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { endpointQuery } from '../../lib/api-client';
import { exportTable } from '../../lib/download';
import { formatDate } from '../../lib/format-time';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';
import styles from './insight.module.css';
import { useViewer } from './use-viewer';
import { ViewerNotice } from './viewer-notice';

/** File sizes in the flags: bytes as GiB/MiB, the units the limits are written in. */
const sizeOf = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GiB` : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;

/**
 * `/activity-log-summary`: the activity log counted by event and day over a range, with the
 * suspicious-traffic flags (spec part 2 §7). Staff see every account (or one); an owner sees
 * their institution (an admin with their teachers). Export as CSV or XLSX.
 */
/** An activity event's name in the reader's language, as the dashboard's feed shows it. */
function useEventText() {
  const { t } = useTranslation('activity');
  return (name: string) => t(`events.${name}`, { defaultValue: name });
}

export function ActivitySummaryPage() {
  const { t } = useTranslation(['insight', 'errors']);
  const eventText = useEventText();
  const { locale, language } = useLanguage();
  const viewer = useViewer();
  const today = dayOf(Date.now());
  const [from, setFrom] = useState(addDays(today, -29));
  const [to, setTo] = useState(today);
  const [event, setEvent] = useState('');
  const [accountId, setAccountId] = useState('');
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  useDocumentTitle(t('summary.title'));
  const valid = isBangladeshDay(from) && isBangladeshDay(to) && from <= to;
  const staff = viewer.kind === 'staff';
  const query = { from, to, event: event || undefined };
  const summary = useQuery({
    ...(viewer.kind === 'owner'
      ? endpointQuery(insightEndpoints.activitySummary, { params: { accountId: viewer.accountId }, query })
      : endpointQuery(insightEndpoints.staffActivitySummary, {
          query: { ...query, accountId: accountId.trim() || undefined },
        })),
    enabled: valid && (staff || viewer.kind === 'owner'),
    retry: false,
    placeholderData: (previous) => previous,
  });
  const data = summary.data as ActivitySummary | undefined;
  const number = (n: number) => n.toLocaleString(locale);
  const dayText = (day: string) => (language === 'bn' ? toBanglaDigits(day) : day);

  async function handleExport(format: 'csv' | 'xlsx') {
    if (!data) return;
    setExporting(true);
    setExportFailed(false);
    try {
      await exportTable({
        format,
        title: t('summary.exportTitle', { from, to }),
        headers: [t('summary.day'), t('summary.event'), t('summary.count')],
        rows: data.cells.map((cell) => [cell.day, cell.eventName, cell.count]),
      });
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  }

  const notice = <ViewerNotice viewer={viewer} />;
  return (
    <section className={styles.page} aria-labelledby="summary-title">
      <h1 id="summary-title" className={styles.title}>
        {t('summary.title')}
      </h1>
      <p className={styles.muted}>{staff ? t('summary.introStaff') : t('summary.introOwner')}</p>
      {viewer.kind !== 'staff' && viewer.kind !== 'owner' ? (
        notice
      ) : (
        <>
          <div className={styles.filters}>
            <label>
              {t('common.from')}
              <input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
            </label>
            <label>
              {t('common.to')}
              <input type="date" value={to} min={from} max={today} onChange={(e) => setTo(e.target.value)} />
            </label>
            <label>
              {t('summary.event')}
              <select value={event} onChange={(e) => setEvent(e.target.value)} data-testid="summary-event">
                <option value="">{t('summary.allEvents')}</option>
                {(data?.eventNames ?? []).map((name) => (
                  <option key={name} value={name}>
                    {eventText(name)}
                  </option>
                ))}
              </select>
            </label>
            {staff ? (
              <label>
                {t('summary.account')}
                <input
                  value={accountId}
                  placeholder={t('summary.accountHint')}
                  onChange={(e) => setAccountId(e.target.value)}
                />
              </label>
            ) : null}
            <button
              type="button"
              className="bw-btn bw-btn--ghost"
              disabled={!data || exporting}
              onClick={() => void handleExport('csv')}
            >
              {t('summary.export')} · {t('summary.exportCsv')}
            </button>
            <button
              type="button"
              className="bw-btn bw-btn--ghost"
              disabled={!data || exporting}
              onClick={() => void handleExport('xlsx')}
            >
              {t('summary.export')} · {t('summary.exportXlsx')}
            </button>
          </div>
          {exporting ? <p className={styles.muted}>{t('summary.exporting')}</p> : null}
          {exportFailed ? (
            <p className={styles.error} role="alert">
              {t('summary.exportFailed')}
            </p>
          ) : null}
          {!valid ? (
            <p className={styles.error} role="alert">
              {t('common.badRange')}
            </p>
          ) : summary.isError ? (
            <p className={styles.error} role="alert">
              {t('common.loadError')}
            </p>
          ) : !data ? (
            <PageLoader />
          ) : (
            <SummaryBody
              data={data}
              number={number}
              dayText={dayText}
              locale={locale}
              onAccount={staff ? setAccountId : undefined}
            />
          )}
        </>
      )}
    </section>
  );
}

function SummaryBody({
  data,
  number,
  dayText,
  locale,
  onAccount,
}: {
  data: ActivitySummary;
  number: (n: number) => string;
  dayText: (day: string) => string;
  locale: string;
  onAccount?: (accountId: string) => void;
}) {
  const { t } = useTranslation('insight');
  const eventText = useEventText();
  const busyDays = data.days.filter((d) => d.count > 0).reverse();
  return (
    <>
      <div className={styles.cards}>
        <div className={styles.card}>
          <span className={styles.cardLabel}>{t('summary.total')}</span>
          <span className={styles.cardValue} data-testid="summary-total">
            {number(data.total)}
          </span>
        </div>
      </div>
      <h2 className={styles.h2}>{t('summary.flags')}</h2>
      {data.flags.length === 0 ? (
        <p className={styles.muted}>{t('summary.noFlags')}</p>
      ) : (
        <ul className={styles.flags} data-testid="summary-flags">
          {data.flags.map((flag) => (
            <li key={`${flag.accountId}:${flag.kind}:${flag.day}`}>
              <strong>{flag.institution || flag.accountId}</strong>{' '}
              {t(`summary.kinds.${flag.kind}`, {
                when: flag.kind === 'flagged' ? formatDate(flag.value, locale) : '',
                day: flag.day ? dayText(flag.day) : '',
                value: flag.kind === 'downloadVolume' ? sizeOf(flag.value) : number(flag.value),
                limit: flag.kind === 'downloadVolume' ? sizeOf(flag.limit) : number(flag.limit),
              })}
            </li>
          ))}
        </ul>
      )}
      {data.total === 0 ? (
        <p className={styles.muted} data-testid="summary-empty">
          {t('summary.empty')}
        </p>
      ) : (
        <>
          <h2 className={styles.h2}>{t('summary.byEvent')}</h2>
          <div className={styles.scroll}>
            <table className={styles.table} data-testid="summary-events">
              <thead>
                <tr>
                  <th scope="col">{t('summary.event')}</th>
                  <th scope="col" className={styles.number}>
                    {t('summary.count')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.events.map((e) => (
                  <tr key={e.eventName}>
                    <td>{eventText(e.eventName)}</td>
                    <td className={styles.number}>{number(e.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2 className={styles.h2}>{t('summary.byDay')}</h2>
          <div className={styles.scroll}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('summary.day')}</th>
                  <th scope="col">{t('summary.event')}</th>
                  <th scope="col" className={styles.number}>
                    {t('summary.count')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {busyDays.flatMap((d) =>
                  data.cells
                    .filter((c) => c.day === d.day)
                    .map((c) => (
                      <tr key={`${c.day}:${c.eventName}`}>
                        <td>{dayText(c.day)}</td>
                        <td>{eventText(c.eventName)}</td>
                        <td className={styles.number}>{number(c.count)}</td>
                      </tr>
                    )),
                )}
              </tbody>
            </table>
          </div>
          {data.accounts.length > 0 ? (
            <>
              <h2 className={styles.h2}>{t('summary.busiest')}</h2>
              <div className={styles.scroll}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('summary.institution')}</th>
                      <th scope="col" className={styles.number}>
                        {t('summary.count')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.accounts.map((a) => (
                      <tr key={a.accountId}>
                        <td>
                          {onAccount ? (
                            <button
                              type="button"
                              className={styles.linkButton}
                              title={t('summary.filterAccount')}
                              onClick={() => onAccount(a.accountId)}
                            >
                              {a.institution}
                            </button>
                          ) : (
                            a.institution
                          )}
                        </td>
                        <td className={styles.number}>{number(a.count)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : null}
        </>
      )}
    </>
  );
}
