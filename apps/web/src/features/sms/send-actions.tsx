import { CloseCircleOutlined, EditOutlined, ProfileOutlined } from '@ant-design/icons';
import type { SmsSendSummary } from '@batchwise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import { SendEditModal } from './send-edit-modal';
import { refreshSms, smsApi } from './sms-api';

/** Open a send's details; change or cancel it (after asking) while it is still only scheduled. */
export function SendActions({
  accountId,
  send,
  onOpen,
}: {
  accountId: string;
  send: SmsSendSummary;
  onOpen: () => void;
}) {
  const { t } = useTranslation(['sms', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const [editing, setEditing] = useState(false);

  const handleCancel = async () => {
    setCancelling(true);
    try {
      await smsApi.cancel(accountId, send.id);
      message.success(t('history.cancelled'));
    } catch (error) {
      message.error({ content: translateError(t, error), duration: 6 });
    } finally {
      setCancelling(false);
      // Either way the list shows what happened: cancelled, or already going out.
      await refreshSms(queryClient, accountId);
    }
  };

  return (
    // Clicks here (and in the confirmation, whose events bubble through React) must not open the row.
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only stops bubbling
    <span onClick={(event) => event.stopPropagation()}>
      <Flex gap={4} wrap>
        <Button size="small" icon={<ProfileOutlined />} onClick={onOpen}>
          {t('history.details')}
        </Button>
        {send.status === 'scheduled' ? (
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('history.edit')}
          </Button>
        ) : null}
        {send.status === 'scheduled' ? (
          <Popconfirm
            title={t('history.cancelTitle')}
            description={t('history.cancelBody')}
            okText={t('history.cancelOk')}
            cancelText={t('history.cancelKeep')}
            okButtonProps={{ danger: true }}
            onConfirm={handleCancel}
          >
            <Button size="small" danger icon={<CloseCircleOutlined />} loading={cancelling}>
              {t('history.cancel')}
            </Button>
          </Popconfirm>
        ) : null}
      </Flex>
      {editing ? (
        <SendEditModal accountId={accountId} send={send} open onClose={() => setEditing(false)} />
      ) : null}
    </span>
  );
}
