import { PlusOutlined } from '@ant-design/icons';
import {
  type WebhookEndpointInput,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
  webhookEndpoints,
} from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Modal, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { call, endpointQuery, refresh } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { DeliveryLog } from './delivery-log';
import { EndpointFormModal } from './endpoint-form';

type Editing = { endpoint: WebhookEndpointView | null } | null;

/**
 * The account owner's webhook endpoints: add, change, turn on and off, rotate the signing secret
 * (shown once), delete, and each one's delivery log with replay.
 */
export function WebhooksCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation(['webhooks', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const list = useQuery(endpointQuery(webhookEndpoints.list, { params: { accountId } }));
  const changed = () => refresh(queryClient, 'webhooks', { accountId });
  const showSecret = (answer: WebhookEndpointWithSecret) => {
    setSecret(answer.secret);
    return changed();
  };
  const save = useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: WebhookEndpointInput }) =>
      id
        ? {
            secret: null,
            endpoint: await call(webhookEndpoints.update, {
              params: { accountId, endpointId: id },
              body: input,
            }),
          }
        : call(webhookEndpoints.create, { params: { accountId }, body: input }),
    onSuccess: (answer: { secret: string | null }) => {
      setEditing(null);
      message.success(t('saved'));
      if (answer.secret) setSecret(answer.secret);
      return changed();
    },
  });
  const rotate = useMutation({
    mutationFn: (endpointId: string) =>
      call(webhookEndpoints.rotateSecret, { params: { accountId, endpointId } }),
    onSuccess: showSecret,
  });
  const remove = useMutation({
    mutationFn: (endpointId: string) => call(webhookEndpoints.remove, { params: { accountId, endpointId } }),
    onSuccess: () => {
      message.success(t('deleted'));
      return changed();
    },
  });
  const failed = rotate.error ?? remove.error;

  return (
    <Card
      title={t('title')}
      data-testid="webhooks-card"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            save.reset();
            setEditing({ endpoint: null });
          }}
          data-testid="webhook-add"
        >
          {t('add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      {failed ? (
        <Alert type="error" showIcon title={translateError(t, failed)} style={{ marginBottom: 16 }} />
      ) : null}
      {list.isPending ? (
        <Skeleton active />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.endpoints.length === 0 ? (
        <Typography.Text type="secondary" data-testid="webhooks-empty">
          {t('empty')}
        </Typography.Text>
      ) : (
        <Flex vertical gap={12}>
          {list.data.endpoints.map((endpoint) => (
            <EndpointItem
              key={endpoint.id}
              accountId={accountId}
              endpoint={endpoint}
              onEdit={() => {
                save.reset();
                setEditing({ endpoint });
              }}
              onRotate={() => rotate.mutate(endpoint.id)}
              onDelete={() => remove.mutate(endpoint.id)}
            />
          ))}
        </Flex>
      )}
      <EndpointFormModal
        open={editing !== null}
        endpoint={editing?.endpoint ?? null}
        saving={save.isPending}
        error={save.error}
        onSave={(input) => save.mutate({ id: editing?.endpoint?.id ?? null, input })}
        onCancel={() => setEditing(null)}
      />
      <Modal
        open={secret !== null}
        title={t('secret.title')}
        onCancel={() => setSecret(null)}
        footer={
          <Button type="primary" onClick={() => setSecret(null)} data-testid="webhook-secret-done">
            {t('secret.done')}
          </Button>
        }
      >
        <Alert type="warning" showIcon title={t('secret.once')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph
          code
          copyable={{ text: secret ?? '', tooltips: [t('secret.copy'), t('secret.copied')] }}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="webhook-secret"
        >
          {secret}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}

function EndpointItem({
  accountId,
  endpoint,
  onEdit,
  onRotate,
  onDelete,
}: {
  accountId: string;
  endpoint: WebhookEndpointView;
  onEdit: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(['webhooks']);
  const { locale } = useLanguage();
  const [showLog, setShowLog] = useState(false);
  const status = endpoint.enabled ? 'on' : endpoint.disabledReason === 'failing' ? 'failing' : 'off';
  return (
    <Card size="small" data-testid="webhook-endpoint">
      <Flex vertical gap={6}>
        <Typography.Text strong style={{ overflowWrap: 'anywhere' }} data-testid="webhook-url">
          {endpoint.url}
        </Typography.Text>
        {endpoint.description ? <Typography.Text>{endpoint.description}</Typography.Text> : null}
        <Flex gap={6} wrap align="center">
          <Tag color={status === 'on' ? 'green' : status === 'failing' ? 'red' : 'default'}>
            {t(`status.${status}`)}
          </Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('eventCount', { count: endpoint.events.length })} ·{' '}
            {t('secretHint', { hint: endpoint.secretHint })}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {endpoint.events.map((event) => t(`events.${event}`)).join(', ')}
        </Typography.Text>
        {status === 'failing' && endpoint.disabledAt !== null ? (
          <Alert
            type="error"
            showIcon
            title={t('disabledAt', { time: formatDateTime(endpoint.disabledAt, locale) })}
          />
        ) : null}
        <Flex gap={8} wrap>
          <Button size="small" onClick={onEdit}>
            {t('actions.edit')}
          </Button>
          <Popconfirm
            title={t('actions.rotateConfirm')}
            okText={t('actions.yes')}
            cancelText={t('actions.no')}
            onConfirm={onRotate}
          >
            <Button size="small">{t('actions.rotate')}</Button>
          </Popconfirm>
          <Popconfirm
            title={t('actions.deleteConfirm')}
            okText={t('actions.yes')}
            cancelText={t('actions.no')}
            okButtonProps={{ danger: true }}
            onConfirm={onDelete}
          >
            <Button size="small" danger>
              {t('actions.delete')}
            </Button>
          </Popconfirm>
          <Button
            size="small"
            type="link"
            onClick={() => setShowLog((v) => !v)}
            data-testid="webhook-log-toggle"
          >
            {showLog ? t('actions.hideDeliveries') : t('actions.deliveries')}
          </Button>
        </Flex>
        {showLog ? <DeliveryLog accountId={accountId} endpointId={endpoint.id} /> : null}
      </Flex>
    </Card>
  );
}
