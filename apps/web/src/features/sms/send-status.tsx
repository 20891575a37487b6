import { SMS_MESSAGE_STATUSES, type SmsSendSummary } from '@batchwise/domain';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/use-language';

type MessageStatus = (typeof SMS_MESSAGE_STATUSES)[number];

const MESSAGE_COLORS: Record<MessageStatus, string> = {
  queued: 'default',
  sending: 'processing',
  sent: 'green',
  delivered: 'success',
  undelivered: 'orange',
  failed: 'red',
  cancelled: 'default',
};

const SEND_COLORS: Record<SmsSendSummary['status'], string> = {
  scheduled: 'purple',
  queued: 'processing',
  done: 'success',
  cancelled: 'default',
};

/** The send's own state: scheduled, going out, done or cancelled. */
export function SendStatusTag({ status }: { status: SmsSendSummary['status'] }) {
  const { t } = useTranslation('sms');
  return (
    <Tag color={SEND_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {t(`sendStatus.${status}`)}
    </Tag>
  );
}

export function MessageStatusTag({ status }: { status: MessageStatus }) {
  const { t } = useTranslation('sms');
  return (
    <Tag color={MESSAGE_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {t(`messageStatus.${status}`)}
    </Tag>
  );
}

/** Its messages by status ("5 sent", "1 failed"), in the order a message moves through them. */
export function StatusCounts({ counts }: { counts: SmsSendSummary['counts'] }) {
  const { t } = useTranslation('sms');
  const { locale } = useLanguage();
  const present = SMS_MESSAGE_STATUSES.filter((status) => (counts[status] ?? 0) > 0);
  return (
    <Flex gap={4} wrap>
      {present.map((status) => (
        <Tag key={status} color={MESSAGE_COLORS[status]} style={{ marginInlineEnd: 0 }}>
          {t(`counts.${status}`, { formatted: (counts[status] ?? 0).toLocaleString(locale) })}
        </Tag>
      ))}
    </Flex>
  );
}
