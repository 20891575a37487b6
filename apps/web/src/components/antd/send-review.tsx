import type { WrittenSendPreview } from '@batchwise/domain';
import { Alert, Descriptions, type DescriptionsProps, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-time';
import { useLanguage } from '../../lib/use-language';

/** Messages shown in full in the confirmation; the count says how many more. */
const SHOWN = 5;

/**
 * The confirmation of an SMS written per student (dues reminders, result SMS): the send's figures,
 * why it cannot go (quota, problems), the caller's own warnings, quiet hours, and the first
 * messages exactly as they will go out.
 */
export function SendReview({
  preview: p,
  facts,
  warnings,
  total,
  sampleTestId,
  note,
  testId,
}: {
  preview: WrittenSendPreview & {
    parts: number;
    sample: { name: string; phone: string; text: string; parts: number }[];
  };
  /** The figures at the top (recipients, SMS, cost, quota). */
  facts: DescriptionsProps['items'];
  /** The feature's own warnings (nobody to text, students left out). */
  warnings?: ReactNode;
  /** Messages of the whole send, for "and N more". */
  total: number;
  sampleTestId: string;
  /** A line under the samples. */
  note?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('app');
  const { locale } = useLanguage();
  const n = (value: number) => value.toLocaleString(locale);
  return (
    <Flex vertical gap={12} data-testid={testId}>
      <Descriptions size="small" column={1} bordered items={facts} />
      {p.quotaMessage ? (
        <Alert
          type="error"
          showIcon
          title={t('domain:SMS_QUOTA_NOT_ENOUGH', {
            needed: p.parts,
            current: p.quota,
            defaultValue: p.quotaMessage,
          })}
        />
      ) : null}
      {p.problems.map((problem) => (
        <Alert
          key={problem.code}
          type="error"
          showIcon
          title={t(`domain:${problem.code}`, { defaultValue: problem.message })}
        />
      ))}
      {warnings}
      {p.heldForQuietHours ? (
        <Alert
          type="info"
          showIcon
          title={t('sendReview.quietHours', { time: formatDateTime(p.runAt, locale) })}
        />
      ) : null}
      {p.sample.length > 0 ? (
        <Flex vertical gap={8}>
          <Typography.Text strong>{t('sendReview.sampleTitle')}</Typography.Text>
          {p.sample.slice(0, SHOWN).map((m) => (
            <div key={`${m.phone}:${m.text}`} data-testid={sampleTestId}>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {m.name} · {m.phone.replace(/^\+88/, '')} ·{' '}
                {t('sendReview.smsEach', { count: m.parts, formatted: n(m.parts) })}
              </Typography.Text>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0, overflowWrap: 'anywhere' }}>
                {m.text}
              </Typography.Paragraph>
            </div>
          ))}
          {total > SHOWN ? (
            <Typography.Text type="secondary">
              {t('sendReview.more', { formatted: n(total - SHOWN) })}
            </Typography.Text>
          ) : null}
          {note}
        </Flex>
      ) : null}
    </Flex>
  );
}
