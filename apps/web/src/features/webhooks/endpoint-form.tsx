import {
  WEBHOOK_EVENTS,
  type WebhookEndpointInput,
  type WebhookEndpointView,
  type WebhookEventType,
} from '@batchwise/domain';
import { Alert, Checkbox, Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';

interface Values {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}

/** Adding or changing an endpoint: its URL, a description, the events it gets and whether it is on. */
export function EndpointFormModal({
  open,
  endpoint,
  saving,
  error,
  onSave,
  onCancel,
}: {
  open: boolean;
  /** The endpoint to change; none: a new one. */
  endpoint: WebhookEndpointView | null;
  saving: boolean;
  error: unknown;
  onSave: (input: WebhookEndpointInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['webhooks', 'domain', 'errors']);
  const [form] = Form.useForm<Values>();
  const initial: Values = endpoint
    ? {
        url: endpoint.url,
        description: endpoint.description,
        events: endpoint.events,
        enabled: endpoint.enabled,
      }
    : { url: 'https://', description: '', events: ['student.created'], enabled: true };
  return (
    <Modal
      open={open}
      title={endpoint ? t('form.editTitle') : t('form.addTitle')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      {error ? (
        <Alert type="error" showIcon title={translateError(t, error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Form
        name="webhook-endpoint"
        form={form}
        layout="vertical"
        initialValues={initial}
        preserve={false}
        onFinish={(values) => onSave({ ...values, url: values.url.trim() })}
      >
        <Form.Item
          name="url"
          label={t('form.url')}
          extra={t('form.urlHint')}
          rules={[{ required: true, whitespace: true, message: t('form.urlRequired') }]}
        >
          <Input inputMode="url" autoComplete="off" spellCheck={false} maxLength={2000} />
        </Form.Item>
        <Form.Item name="description" label={t('form.description')}>
          <Input maxLength={200} placeholder={t('form.descriptionPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="events"
          label={t('form.events')}
          rules={[{ required: true, type: 'array', min: 1, message: t('form.eventsRequired') }]}
        >
          <Checkbox.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
            options={WEBHOOK_EVENTS.map((event) => ({ value: event, label: t(`events.${event}`) }))}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
