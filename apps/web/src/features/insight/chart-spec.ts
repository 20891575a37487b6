// What a chart of the insight page shows, apart from insight-charts.tsx so the page can describe
// its charts without loading recharts.

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export interface ChartSpec {
  title: string;
  kind: 'bar' | 'line';
  series: ChartSeries[];
  /** One row per month: `label` for the axis, then a value per series key. */
  rows: Record<string, string | number | null>[];
  format?: (value: number) => string;
}

export const CHART_COLORS = ['#2563eb', '#f97316', '#16a34a', '#9333ea'];
