import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useDirection } from '../../lib/use-language';
import type { ChartSpec } from './chart-spec';
import styles from './insight.module.css';

// The insight charts, in their own chunk: recharts is loaded only when the insight page shows
// them (business-insight-page.tsx imports this lazily).

function OneChart({ spec }: { spec: ChartSpec }) {
  const format = spec.format ?? ((value: number) => String(value));
  const tooltip = (value: unknown) => (typeof value === 'number' ? format(value) : String(value ?? '—'));
  // Right to left (Arabic) time runs from the right and the values stand on the right.
  const rtl = useDirection() === 'rtl';
  const common = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="var(--bw-border)" />
      <XAxis dataKey="label" tick={{ fontSize: 12 }} reversed={rtl} />
      <YAxis
        orientation={rtl ? 'right' : 'left'}
        tick={{ fontSize: 12 }}
        width={64}
        allowDecimals={false}
        tickFormatter={(v: number) => format(v)}
      />
      <Tooltip formatter={tooltip} />
      <Legend />
    </>
  );
  return (
    <figure className={styles.chart}>
      <h3>{spec.title}</h3>
      <ResponsiveContainer width="100%" height={220}>
        {spec.kind === 'bar' ? (
          <BarChart data={spec.rows}>
            {common}
            {spec.series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} />
            ))}
          </BarChart>
        ) : (
          <LineChart data={spec.rows}>
            {common}
            {spec.series.map((s) => (
              <Line
                key={s.key}
                dataKey={s.key}
                name={s.label}
                stroke={s.color}
                strokeWidth={2}
                connectNulls
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        )}
      </ResponsiveContainer>
    </figure>
  );
}

export default function InsightCharts({ charts }: { charts: ChartSpec[] }) {
  return (
    <div className={styles.charts}>
      {charts.map((spec) => (
        <OneChart key={spec.title} spec={spec} />
      ))}
    </div>
  );
}
