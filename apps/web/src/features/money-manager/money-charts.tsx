import type { MoneyCollection, MoneySeries } from '@batchwise/domain';
import { toBanglaDigits } from '@batchwise/domain';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useDirection, useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import { formatBucket } from './money-api';

// Charts of the money manager drawn with Recharts (SVG), loaded only with this
// page's chunk. Bars do not animate: a refetch or a language switch redraws them at once, and the
// page stays still for people on slow phones.

const INCOME = '#52c41a';
const EXPENSE = '#ff4d4f';

function useCompact() {
  const { language, locale } = useLanguage();
  const format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  return (paisa: number) => {
    const text = format.format(paisa / 100);
    return language === 'bn' ? toBanglaDigits(text) : text;
  };
}

/** Income and expense over time, a pair of bars per day or month. */
export function IncomeExpenseChart({ series }: { series: MoneySeries }) {
  const { t } = useTranslation('money');
  const { locale } = useLanguage();
  const money = useMoney();
  const compact = useCompact();
  // Right to left (Arabic) time runs from the right and the amounts stand on the right.
  const rtl = useDirection() === 'rtl';
  const data = series.points.map((p) => ({
    label: formatBucket(p.key, series.unit, locale),
    income: p.incomePaisa,
    expense: p.expensePaisa,
  }));
  if (series.points.every((p) => p.incomePaisa === 0 && p.expensePaisa === 0)) {
    return <Empty description={t('charts.empty')} data-testid="money-chart-empty" />;
  }
  return (
    <div data-testid="money-chart" style={{ width: '100%', height: 280 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={12} reversed={rtl} />
          <YAxis
            orientation={rtl ? 'right' : 'left'}
            tickFormatter={compact}
            tick={{ fontSize: 12 }}
            width={52}
          />
          <Tooltip formatter={(value) => money(Number(value))} />
          <Legend itemSorter={null} />
          <Bar
            dataKey="income"
            name={t('charts.income')}
            fill={INCOME}
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
          <Bar
            dataKey="expense"
            name={t('charts.expense')}
            fill={EXPENSE}
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

const rateColor = (rate: number) => (rate >= 0.8 ? '#52c41a' : rate >= 0.5 ? '#faad14' : '#ff4d4f');

/** Each classroom's collection rate for a month, as horizontal bars from 0 to 100 %. */
export function CollectionChart({ collection }: { collection: MoneyCollection }) {
  const { t } = useTranslation('money');
  const { language, locale } = useLanguage();
  // Right to left (Arabic) the bars grow leftwards from the classroom names on the right.
  const rtl = useDirection() === 'rtl';
  const percent = (value: number) => {
    const text = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
      value / 100,
    );
    return language === 'bn' ? toBanglaDigits(text) : text;
  };
  const rows = collection.classrooms.filter((c) => c.rate !== null);
  if (rows.length === 0)
    return <Empty description={t('collection.empty')} data-testid="collection-chart-empty" />;
  const data = rows.map((c) => ({ name: c.name, rate: Math.round((c.rate ?? 0) * 1000) / 10 }));
  return (
    <div
      data-testid="collection-chart"
      style={{ width: '100%', height: Math.max(140, data.length * 44 + 40) }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          layout="vertical"
          margin={{ top: 4, right: rtl ? 0 : 16, left: rtl ? 16 : 0, bottom: 4 }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            domain={[0, 100]}
            tickFormatter={percent}
            tick={{ fontSize: 12 }}
            reversed={rtl}
          />
          <YAxis
            type="category"
            dataKey="name"
            width={110}
            tick={{ fontSize: 12 }}
            orientation={rtl ? 'right' : 'left'}
          />
          <Tooltip formatter={(value) => percent(Number(value))} />
          <Bar
            dataKey="rate"
            name={t('collection.rate')}
            radius={rtl ? [3, 0, 0, 3] : [0, 3, 3, 0]}
            isAnimationActive={false}
          >
            {data.map((row) => (
              <Cell key={row.name} fill={rateColor(row.rate / 100)} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
