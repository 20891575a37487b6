import type { SmsSendSummary } from '@batchwise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../components/antd/date-picker';
import { translateError } from '../../lib/translate-error';
import { MessageCounter } from './message-counter';
import { refreshSms, smsApi } from './sms-api';

interface EditValues {
  text: string;
  sendAt: Dayjs;
}

/**
 * Changes a scheduled send's text and time before it runs. The server replaces it with a new
 * send, repriced in the same step (the old one shows as cancelled); short of quota, nothing
 * changes and its message says why. A send built from a spreadsheet keeps its texts.
 */
export function SendEditModal({
  accountId,
  send,
  open,
  onClose,
}: {
  accountId: string;
  send: SmsSendSummary;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['sms', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EditValues>();
  const text = Form.useWatch('text', form) ?? send.text;
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const handleSave = async (values: EditValues) => {
    setSaving(true);
    setFailure(null);
    try {
      await smsApi.editScheduled(accountId, send.id, { text: values.text, sendAt: values.sendAt.valueOf() });
      message.success(t('history.edited'));
      onClose();
    } catch (error) {
      setFailure(translateError(t, error));
    } finally {
      setSaving(false);
      await refreshSms(queryClient, accountId);
    }
  };

  return (
    <Modal
      open={open}
      title={t('history.editTitle')}
      okText={t('history.editSave')}
      cancelText={t('history.editKeep')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('history.editHelp')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ text: send.text, sendAt: dayjs(send.runAt) }}
        onFinish={handleSave}
      >
        <Form.Item
          name="text"
          label={t('compose.text')}
          extra={<MessageCounter text={text} />}
          rules={[{ required: true, whitespace: true, message: t('history.editTextRequired') }]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={2000} />
        </Form.Item>
        <Form.Item
          name="sendAt"
          label={t('compose.sendAt')}
          rules={[{ required: true, message: t('compose.sendAtRequired') }]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm', minuteStep: 5 }}
            format="DD-MM-YYYY HH:mm"
            disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} role="alert" /> : null}
    </Modal>
  );
}
