import type { SmsSendSummary } from '@batchwise/domain';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-time';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import { SendActions } from './send-actions';
import { SendStatusTag, StatusCounts } from './send-status';

/** One send on a phone, where the history table's nine columns would not fit. */
export function SendCard({
  accountId,
  send,
  onOpen,
}: {
  accountId: string;
  send: SmsSendSummary;
  onOpen: () => void;
}) {
  const { t } = useTranslation('sms');
  const { locale } = useLanguage();
  const money = useMoney();
  const n = (value: number) => value.toLocaleString(locale);
  return (
    <Card size="small" data-testid="sms-send-card">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>{formatDateTime(send.runAt, locale)}</Typography.Text>
        <SendStatusTag status={send.status} />
      </Flex>
      <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: '6px 0' }}>
        {send.text}
      </Typography.Paragraph>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13, marginBottom: 6 }}>
        {t('history.cardLine', {
          sender: send.senderName,
          recipients: t('history.recipientsCount', { count: send.recipients, formatted: n(send.recipients) }),
          parts: t('quota.parts', { count: send.parts, formatted: n(send.parts) }),
          cost: money(send.costPaisa),
        })}
      </Typography.Text>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <StatusCounts counts={send.counts} />
        <SendActions accountId={accountId} send={send} onOpen={onOpen} />
      </Flex>
    </Card>
  );
}
