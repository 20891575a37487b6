import type { InsightFlag } from '@batchwise/domain';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/use-language';

const COLORS: Record<InsightFlag['kind'], string> = {
  streak: 'red',
  falling: 'orange',
  late: 'gold',
  exam: 'volcano',
};

/** Formats for evidence: dates as "25 Nov", numbers and percentages in the reader's digits. */
export function useEvidenceFormat() {
  const { locale } = useLanguage();
  const date = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
  const number = (value: number) => value.toLocaleString(locale);
  const percent = (value: number | null) => (value === null ? '–' : `${value.toLocaleString(locale)}%`);
  return { date, number, percent, dates: (days: string[]) => days.map(date).join(', ') };
}

/** One flag: what it is, in a tag, and the figures that raised it. */
export function FlagEvidence({ flag }: { flag: InsightFlag }) {
  const { t } = useTranslation('attendance-insights');
  const f = useEvidenceFormat();
  const [headline, detail] = ((): [string, string] => {
    switch (flag.kind) {
      case 'streak':
        return [
          t('streak.headline', { count: flag.days, days: f.number(flag.days) }),
          `${f.dates(flag.dates)}${flag.ongoing ? ` · ${t('streak.ongoing')}` : ''}`,
        ];
      case 'falling':
        return [
          t('falling.headline', {
            earlier: f.percent(flag.earlier.percent),
            recent: f.percent(flag.recent.percent),
          }),
          t('falling.detail', {
            earlierAttended: f.number(flag.earlier.attended),
            earlierCounted: f.number(flag.earlier.counted),
            earlierFrom: f.date(flag.earlier.from),
            earlierTo: f.date(flag.earlier.to),
            recentAttended: f.number(flag.recent.attended),
            recentCounted: f.number(flag.recent.counted),
            recentFrom: f.date(flag.recent.from),
            recentTo: f.date(flag.recent.to),
          }),
        ];
      case 'late':
        return [
          t('late.headline', {
            count: flag.count,
            times: f.number(flag.count),
            percent: f.percent(flag.percent),
          }),
          f.dates(flag.dates),
        ];
      case 'exam':
        return [
          t('exam.headline', {
            percent: f.percent(flag.window.percent),
            threshold: f.percent(flag.threshold),
            exam: flag.exam.name,
          }),
          t('exam.detail', {
            count: flag.daysLeft,
            days: f.number(flag.daysLeft),
            date: f.date(flag.exam.heldOn),
            attended: f.number(flag.window.attended),
            counted: f.number(flag.window.counted),
            from: f.date(flag.window.from),
          }),
        ];
    }
  })();
  return (
    <div>
      <Tag color={COLORS[flag.kind]}>{t(`kinds.${flag.kind}`)}</Tag>
      <Typography.Text strong>{headline}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ margin: '2px 0 0', fontSize: 13 }}>
        {detail}
      </Typography.Paragraph>
    </div>
  );
}
