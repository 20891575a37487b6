import { RedoOutlined } from '@ant-design/icons';
import type { SmsSendDetail } from '@batchwise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { refreshSms, smsApi } from './sms-api';

const FAILED = new Set(['failed', 'undelivered']);

/** Messages of a send that never reached their phone and so may be sent again. */
export function failedCount(send: SmsSendDetail): number {
  return (send.counts.failed ?? 0) + (send.counts.undelivered ?? 0);
}

/**
 * "Send failed again": the failed and undelivered messages of a send go out again as a new send,
 * paid again from the quota, so the sender confirms how many first. Nothing shows when none failed.
 */
export function ResendFailed({ accountId, send }: { accountId: string; send: SmsSendDetail }) {
  const { t } = useTranslation(['sms', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const count = failedCount(send);
  if (count === 0) return null;
  const parts = send.messages.filter((m) => FAILED.has(m.status)).reduce((sum, m) => sum + m.parts, 0);
  const n = (value: number) => value.toLocaleString(locale);

  const handleResend = async () => {
    setSending(true);
    try {
      const queued = await smsApi.resendFailed(accountId, send.id);
      message.success(t('resend.done', { count: queued.recipients, formatted: n(queued.recipients) }));
    } catch (error) {
      message.error({ content: translateError(t, error), duration: 6 });
    } finally {
      setSending(false);
      // The new send (or the state that made it needless) shows in the history either way.
      await refreshSms(queryClient, accountId);
    }
  };

  return (
    <Alert
      type="warning"
      showIcon
      title={t('resend.failed', { count, formatted: n(count) })}
      action={
        <Popconfirm
          title={t('resend.confirmTitle', { count, formatted: n(count) })}
          description={
            <span style={{ display: 'block', maxWidth: 280 }}>
              {t('resend.confirmBody', { count: parts, formatted: n(parts) })}
            </span>
          }
          okText={t('resend.ok')}
          cancelText={t('resend.keep')}
          onConfirm={handleResend}
        >
          <Button size="small" icon={<RedoOutlined />} loading={sending}>
            {t('resend.button')}
          </Button>
        </Popconfirm>
      }
    />
  );
}
