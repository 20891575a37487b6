import { MessageOutlined } from '@ant-design/icons';
import { feeEndpoints, individualSmsCount } from '@batchwise/domain';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';

/**
 * Texts a receipt's short link to the family (the first guardian's phone, else the student's),
 * after a confirmation that says what it costs from the SMS quota.
 */
export function ReceiptSmsButton({ accountId, paymentId }: { accountId: string; paymentId: string }) {
  const { t } = useTranslation(['fees', 'domain', 'errors']);
  const { message } = App.useApp();
  // The family reads the receipt in the language the counter works in.
  const { language } = useLanguage();
  const send = useMutation({
    mutationFn: () =>
      call(feeEndpoints.receiptSms, { params: { accountId, paymentId }, query: { lang: language } }),
    onSuccess: (result) => message.success(t('receiptSms.sent', { phone: result.phone })),
    onError: (error) => message.error(translateError(t, error)),
  });
  return (
    <Popconfirm
      title={t('receiptSms.confirm', { count: individualSmsCount(1) })}
      okText={t('receiptSms.ok')}
      cancelText={t('payLink.cancel')}
      onConfirm={() => send.mutateAsync().catch(() => undefined)}
    >
      <Button size="small" icon={<MessageOutlined />} loading={send.isPending} data-testid="receipt-sms">
        {t('receiptSms.button')}
      </Button>
    </Popconfirm>
  );
}
