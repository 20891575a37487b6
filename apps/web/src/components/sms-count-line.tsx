import { INDIVIDUAL_MESSAGE_SMS_COUNT, type SmsCount, type SmsCountKind } from '@batchwise/domain';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/use-language';

/**
 * The words of the one SMS counting rule (domain sms.ts smsCount), for every screen that counts a
 * message: Compose, Templates, Welcome, the attendance SMS and the review before a send. Each
 * prints the rule beside its number, so the same message reads the same everywhere.
 */
export function useSmsCountText() {
  const { t } = useTranslation('sms-count');
  const { locale } = useLanguage();
  const n = (value: number) => value.toLocaleString(locale);
  const rule = (kind: SmsCountKind, perSms: number) =>
    t(`rule.${kind}`, { perSms: n(perSms), sms: n(INDIVIDUAL_MESSAGE_SMS_COUNT) });
  const sms = (count: number) => t('sms', { count, formatted: n(count) });
  const line = (count: SmsCount) =>
    [
      t('length', { length: n(count.length) }),
      rule(count.kind, count.perSms),
      sms(count.sms),
      ...(count.kind === 'individual' ? [] : [t('remaining', { formatted: n(count.remaining) })]),
    ].join(' · ');
  return { rule, sms, line };
}

/** One message's count and the rule it was counted by, as secondary text. */
export function SmsCountLine({ count, testId }: { count: SmsCount; testId?: string }) {
  const { line } = useSmsCountText();
  return (
    <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid={testId} aria-live="polite">
      {line(count)}
    </Typography.Text>
  );
}
