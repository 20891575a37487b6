import {
  type AccountInsight,
  addMonths,
  insightEndpoints,
  monthOf,
  type PlatformInsight,
} from '@batchwise/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { endpointQuery } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import { CHART_COLORS as C, type ChartSpec } from './chart-spec';
import styles from './insight.module.css';
import { useViewer } from './use-viewer';
import { ViewerNotice } from './viewer-notice';

// recharts only with the charts, never in the page's first script.
const InsightCharts = lazy(() => import('./insight-charts'));

const RANGES = [6, 12, 24] as const;

/**
 * `/business-insight`: for staff the platform's figures month by month (accounts signed up,
 * active, paying and churned, students, SMS and its revenue, online payments and fees); for an
 * owner their institution's (students in and out, collection rate, attendance, SMS spend).
 */
export function BusinessInsightPage() {
  const { t } = useTranslation(['insight', 'errors']);
  const { locale } = useLanguage();
  const viewer = useViewer();
  const thisMonth = monthOf(Date.now());
  const [months, setMonths] = useState<(typeof RANGES)[number]>(6);
  useDocumentTitle(t('insight.title'));
  const query = { from: addMonths(thisMonth, 1 - months), to: thisMonth };
  const staff = viewer.kind === 'staff';
  return (
    <section className={styles.page} aria-labelledby="insight-title">
      <h1 id="insight-title" className={styles.title}>
        {t('insight.title')}
      </h1>
      <p className={styles.muted}>{staff ? t('insight.introStaff') : t('insight.introOwner')}</p>
      {viewer.kind !== 'staff' && viewer.kind !== 'owner' ? (
        <ViewerNotice viewer={viewer} />
      ) : (
        <>
          <div className={styles.filters}>
            {RANGES.map((count) => (
              <button
                key={count}
                type="button"
                className={`bw-btn ${count === months ? 'bw-btn--primary' : 'bw-btn--ghost'}`}
                aria-pressed={count === months}
                onClick={() => setMonths(count)}
              >
                {t('insight.lastMonths', { n: count.toLocaleString(locale) })}
              </button>
            ))}
          </div>
          {viewer.kind === 'owner' ? (
            <AccountView accountId={viewer.accountId} query={query} />
          ) : (
            <PlatformView query={query} />
          )}
        </>
      )}
    </section>
  );
}

type Range = { from: string; to: string };

/** The loading and error states of a figures query, else its figures. */
function Loaded<T>({ result, children }: { result: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('insight');
  if (result.isError)
    return (
      <p className={styles.error} role="alert">
        {t('common.loadError')}
      </p>
    );
  return result.data ? children(result.data) : <PageLoader />;
}

const keepPrevious = { retry: false, placeholderData: <T,>(previous: T | undefined) => previous } as const;

function AccountView({ accountId, query }: { accountId: string; query: Range }) {
  const result = useQuery({
    ...endpointQuery(insightEndpoints.account, { params: { accountId }, query }),
    ...keepPrevious,
  });
  return <Loaded result={result}>{(data) => <AccountFigures data={data} />}</Loaded>;
}

function PlatformView({ query }: { query: Range }) {
  const result = useQuery({ ...endpointQuery(insightEndpoints.platform, { query }), ...keepPrevious });
  return <Loaded result={result}>{(data) => <PlatformFigures data={data} />}</Loaded>;
}

function useFormats() {
  const { locale } = useLanguage();
  const money = useMoney();
  return {
    number: (n: number) => n.toLocaleString(locale),
    percent: (n: number) => `${n.toLocaleString(locale, { maximumFractionDigits: 1 })}%`,
    money,
    month: (month: string) =>
      new Date(`${month}-15T00:00:00Z`).toLocaleDateString(locale, { month: 'short', year: '2-digit' }),
  };
}

function Card({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  testId?: string;
}) {
  return (
    <div className={styles.card}>
      <span className={styles.cardLabel}>{label}</span>
      <span className={styles.cardValue} data-testid={testId}>
        {value}
      </span>
      {note ? <span className={styles.cardNote}>{note}</span> : null}
    </div>
  );
}

function Charts({ charts }: { charts: ChartSpec[] }) {
  const { t } = useTranslation('insight');
  return (
    <Suspense fallback={<p className={styles.muted}>{t('insight.chartsLoading')}</p>}>
      <InsightCharts charts={charts} />
    </Suspense>
  );
}

function AccountFigures({ data }: { data: AccountInsight }) {
  const { t } = useTranslation('insight');
  const f = useFormats();
  const rows = data.points.map((p) => ({
    label: f.month(p.month),
    studentsIn: p.studentsIn,
    studentsOut: p.studentsOut,
    collection: p.collectionRate === null ? null : Math.round(p.collectionRate * 1000) / 10,
    attendance: p.attendancePercent,
    smsSpend: p.smsSpendPaisa,
  }));
  const rate = data.collection.rate;
  return (
    <>
      <div className={styles.cards}>
        <Card
          label={t('insight.collectionRate')}
          value={rate === null ? '—' : f.percent(rate * 100)}
          note={
            rate === null
              ? t('insight.noneDue')
              : t('insight.collectionOf', {
                  collected: f.money(data.collection.collectedPaisa),
                  billed: f.money(data.collection.billedPaisa),
                })
          }
          testId="insight-collection-rate"
        />
        <Card label={t('insight.students')} value={f.number(data.students)} />
      </div>
      <Charts
        charts={[
          {
            title: t('insight.charts.collection'),
            kind: 'line',
            series: [{ key: 'collection', label: t('insight.collectionRate'), color: C[0]! }],
            rows,
            format: f.percent,
          },
          {
            title: t('insight.charts.students'),
            kind: 'bar',
            series: [
              { key: 'studentsIn', label: t('insight.charts.studentsIn'), color: C[2]! },
              { key: 'studentsOut', label: t('insight.charts.studentsOut'), color: C[1]! },
            ],
            rows,
            format: f.number,
          },
          {
            title: t('insight.charts.attendance'),
            kind: 'line',
            series: [{ key: 'attendance', label: t('insight.charts.attendance'), color: C[3]! }],
            rows,
            format: f.percent,
          },
          {
            title: t('insight.charts.sms'),
            kind: 'bar',
            series: [{ key: 'smsSpend', label: t('insight.charts.sms'), color: C[0]! }],
            rows,
            format: f.money,
          },
        ]}
      />
    </>
  );
}

function PlatformFigures({ data }: { data: PlatformInsight }) {
  const { t } = useTranslation('insight');
  const f = useFormats();
  const rows = data.points.map((p) => ({ ...p, label: f.month(p.month) }));
  return (
    <>
      <div className={styles.cards}>
        <Card label={t('insight.accounts')} value={f.number(data.totals.accounts)} />
        <Card label={t('insight.paying')} value={f.number(data.totals.payingAccounts)} />
        <Card
          label={t('insight.students')}
          value={f.number(data.totals.students)}
          testId="insight-students"
        />
      </div>
      <Charts
        charts={[
          {
            title: t('insight.charts.accounts'),
            kind: 'line',
            series: [
              { key: 'signedUp', label: t('insight.charts.signedUp'), color: C[0]! },
              { key: 'active', label: t('insight.charts.active'), color: C[2]! },
              { key: 'paying', label: t('insight.charts.payingAccounts'), color: C[3]! },
              { key: 'churned', label: t('insight.charts.churned'), color: C[1]! },
            ],
            rows,
            format: f.number,
          },
          {
            title: t('insight.charts.studentsManaged'),
            kind: 'line',
            series: [{ key: 'students', label: t('insight.charts.studentsManaged'), color: C[2]! }],
            rows,
            format: f.number,
          },
          {
            title: t('insight.charts.smsCount'),
            kind: 'bar',
            series: [{ key: 'smsSent', label: t('insight.charts.smsCount'), color: C[0]! }],
            rows,
            format: f.number,
          },
          {
            title: t('insight.charts.smsRevenue'),
            kind: 'bar',
            series: [{ key: 'smsRevenuePaisa', label: t('insight.charts.smsRevenue'), color: C[3]! }],
            rows,
            format: f.money,
          },
          {
            title: t('insight.charts.online'),
            kind: 'bar',
            series: [
              { key: 'onlineVolumePaisa', label: t('insight.charts.volume'), color: C[2]! },
              { key: 'onlineFeePaisa', label: t('insight.charts.fees'), color: C[1]! },
            ],
            rows,
            format: f.money,
          },
        ]}
      />
    </>
  );
}
