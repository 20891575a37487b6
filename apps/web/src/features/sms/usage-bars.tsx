import { Flex, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/use-language';

export interface UsageBar {
  /** `YYYY-MM-DD` or `YYYY-MM`, a calendar date with no time zone of its own. */
  key: string;
  label: string;
  parts: number;
}

const HEIGHT = 120;

/** `2026-11-24` → "24 Nov"; `2026-11` → "Nov 26", read as UTC so no time zone moves the day. */
export function usageLabel(key: string, locale: string): string {
  const [year, month, day] = key.split('-').map(Number);
  const date = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1);
  const options: Intl.DateTimeFormatOptions = day
    ? { day: 'numeric', month: 'short', timeZone: 'UTC' }
    : { month: 'short', year: '2-digit', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(date);
}

/**
 * Parts sent per day or month as plain CSS bars (no chart library). The bars are decoration for
 * sighted readers; a visually hidden table carries the same numbers for screen readers.
 */
export function UsageBars({ title, period, bars }: { title: string; period: string; bars: UsageBar[] }) {
  const { t } = useTranslation('sms');
  const { locale } = useLanguage();
  const { token } = theme.useToken();
  const max = Math.max(1, ...bars.map((b) => b.parts));
  const total = bars.reduce((sum, b) => sum + b.parts, 0);
  const n = (value: number) => value.toLocaleString(locale);
  return (
    <section aria-label={title} style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="baseline" gap={8} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{t('quota.totalParts', { formatted: n(total) })}</Typography.Text>
      </Flex>
      <div
        aria-hidden
        style={{
          display: 'flex',
          alignItems: 'flex-end',
          gap: 2,
          height: HEIGHT,
          marginTop: 8,
          borderBottom: `1px solid ${token.colorBorder}`,
        }}
      >
        {bars.map((b) => (
          <Tooltip
            key={b.key}
            title={`${b.label}: ${t('quota.parts', { count: b.parts, formatted: n(b.parts) })}`}
          >
            <div
              style={{
                flex: 1,
                minWidth: 0,
                height: b.parts > 0 ? Math.max(3, (b.parts / max) * HEIGHT) : 1,
                background: b.parts > 0 ? token.colorPrimary : token.colorBorderSecondary,
                borderRadius: '3px 3px 0 0',
              }}
            />
          </Tooltip>
        ))}
      </div>
      <Flex justify="space-between" aria-hidden>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {bars[0]?.label}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {bars.at(-1)?.label}
        </Typography.Text>
      </Flex>
      {/* A table ignores a 1 px box, so the hiding wrapper is a div. */}
      <div className="bw-visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{period}</th>
              <th scope="col">{t('quota.partsHeader')}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr key={b.key}>
                <th scope="row">{b.label}</th>
                <td>{n(b.parts)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
