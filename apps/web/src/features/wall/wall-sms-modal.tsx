import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Checkbox, Descriptions, Flex, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { translateError } from '../../lib/translate-error';
import { useDigits } from '../../lib/use-digits';
import { useMoney } from '../../lib/use-money';
import { refreshWall, type WallSms, wallApi } from './wall-api';

/**
 * Sending an announcement as SMS: who of each student receives it, then its count and cost
 * against the quota (the SMS compose rules), confirmed before anything is charged.
 */
export function WallSmsModal({
  accountId,
  postId,
  onClose,
}: {
  accountId: string;
  postId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['wall', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const digits = useDigits();
  const money = useMoney();
  const [to, setTo] = useState<WallSms['to']>({ student: true, parent1: false, parent2: false });
  const preview = useQuery({
    queryKey: ['wall-sms-preview', accountId, postId, to],
    queryFn: () => wallApi.smsPreview(accountId, postId, { to }),
    retry: false,
  });
  const send = useMutation({
    mutationFn: () => wallApi.sendSms(accountId, postId, { to }),
    onSuccess: async (queued) => {
      message.success(t('sms.sent', { count: queued.recipients, n: digits(queued.recipients) }));
      await refreshWall(queryClient, accountId, true);
      onClose();
    },
    onError: (error) => message.error({ content: translateError(t, error), duration: 5 }),
  });
  const ready = preview.data && !preview.data.quotaMessage;
  return (
    <Modal
      open
      title={t('sms.title')}
      onCancel={onClose}
      onOk={() => send.mutate()}
      okText={t('sms.confirm')}
      cancelText={t('sms.cancel')}
      okButtonProps={{ disabled: !ready, loading: send.isPending }}
    >
      <Flex vertical gap={12}>
        <Flex wrap gap={12}>
          {(['student', 'parent1', 'parent2'] as const).map((who) => (
            <Checkbox
              key={who}
              checked={to[who]}
              onChange={(e) => setTo((current) => ({ ...current, [who]: e.target.checked }))}
            >
              {t(`sms.to.${who}`)}
            </Checkbox>
          ))}
        </Flex>
        {preview.isPending ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
        {preview.isError ? <QueryError error={preview.error} onRetry={() => void preview.refetch()} /> : null}
        {preview.data ? (
          <>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'recipients', label: t('sms.recipients'), children: digits(preview.data.recipients) },
                { key: 'parts', label: t('sms.parts'), children: digits(preview.data.parts) },
                { key: 'cost', label: t('sms.cost'), children: money(preview.data.costPaisa) },
                { key: 'quota', label: t('sms.quota'), children: digits(preview.data.quota) },
              ]}
            />
            {preview.data.quotaMessage ? <Alert type="error" message={t('sms.notEnough')} /> : null}
            {preview.data.heldForQuietHours ? <Alert type="info" message={t('sms.quietHours')} /> : null}
          </>
        ) : null}
      </Flex>
    </Modal>
  );
}
