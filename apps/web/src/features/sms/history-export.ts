import { type ExportFormat, type SmsSendSummary, smsEndpoints } from '@batchwise/domain';
import type { TFunction } from 'i18next';
import { call } from '../../lib/api-client';
import { exportTable } from '../../lib/download';
import { formatDateTime } from '../../lib/format-time';
import type { HistoryQuery } from './sms-api';

/** The most sends one export reads (100 a page): a year of a busy school's broadcasts. */
const MAX_PAGES = 50;

/**
 * "Export As" of the SMS history (the SMS capability's "History"): every send matching the filters, not just
 * the page on screen, read page by page through the history endpoint, as PDF or XLSX.
 */
export async function exportHistory(options: {
  accountId: string;
  query: HistoryQuery;
  format: ExportFormat;
  title: string;
  t: TFunction;
  locale: string;
  money: (paisa: number) => string;
}): Promise<void> {
  const { accountId, query, t, locale, money } = options;
  const sends: SmsSendSummary[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await call(smsEndpoints.smsHistory, {
      params: { accountId },
      query: { ...query, page, pageSize: 100 },
    });
    sends.push(...answer.items);
    if (answer.items.length === 0 || sends.length >= answer.total) break;
  }
  const counts = (send: SmsSendSummary) =>
    Object.entries(send.counts)
      .map(([status, count]) => `${t(`messageStatus.${status}`)}: ${count}`)
      .join(', ');
  await exportTable({
    format: options.format,
    title: options.title,
    headers: [
      t('history.columns.when'),
      t('history.columns.text'),
      t('history.columns.sender'),
      t('history.columns.recipients'),
      t('history.columns.parts'),
      t('history.columns.cost'),
      t('history.columns.messages'),
      t('history.columns.status'),
    ],
    rows: sends.map((send) => [
      formatDateTime(send.runAt, locale),
      send.text,
      send.senderName,
      send.recipients,
      send.parts,
      money(send.costPaisa),
      counts(send),
      t(`sendStatus.${send.status}`),
    ]),
  });
}
