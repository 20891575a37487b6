import {
  INCIDENT_STATES,
  type Incident,
  type IncidentInput,
  type IncidentUpdateInput,
  incidentInputSchema,
  incidentUpdateInputSchema,
  statusEndpoints,
} from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, List, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpointQuery, queryKeyOf } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { translateError } from '../../lib/translate-error';
import { zodRule } from '../../lib/zod-form';

const STATE_COLOURS = {
  investigating: 'red',
  identified: 'orange',
  monitoring: 'blue',
  resolved: 'green',
} as const;

function useStateOptions() {
  const { t } = useTranslation('status');
  return INCIDENT_STATES.map((state) => ({ value: state, label: t(`incidentState.${state}`) }));
}

/** One incident: its latest word, and a short form for the next update. */
function IncidentItem({ incident, onUpdated }: { incident: Incident; onUpdated: () => void }) {
  const { t } = useTranslation(['status', 'domain', 'errors']);
  const [form] = Form.useForm<IncidentUpdateInput>();
  const update = useMutation({
    mutationFn: (body: IncidentUpdateInput) =>
      call(statusEndpoints.updateIncident, { params: { incidentId: incident.id }, body }),
    onSuccess: () => {
      form.resetFields();
      onUpdated();
    },
  });
  const latest = incident.updates[0];
  return (
    <List.Item style={{ display: 'block' }}>
      <Space wrap>
        <Typography.Text strong>{incident.title}</Typography.Text>
        <Tag color={STATE_COLOURS[incident.state]}>{t(`incidentState.${incident.state}`)}</Tag>
      </Space>
      {latest ? (
        <Typography.Paragraph style={{ margin: '4px 0 8px' }}>{latest.message}</Typography.Paragraph>
      ) : null}
      {update.isError ? <Alert type="error" showIcon title={translateError(t, update.error)} /> : null}
      <Form
        form={form}
        name={`incident-update-${incident.id}`}
        layout="vertical"
        initialValues={{ state: incident.state, message: '' }}
        onFinish={(values) => update.mutate({ state: values.state, message: values.message.trim() })}
      >
        <Form.Item name="state" label={t('staff.stateLabel')}>
          <Select options={useStateOptions()} />
        </Form.Item>
        <Form.Item
          name="message"
          label={t('staff.messageLabel')}
          required
          rules={[zodRule(incidentUpdateInputSchema, 'message', t)]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Button htmlType="submit" loading={update.isPending}>
          {t('staff.update')}
        </Button>
      </Form>
    </List.Item>
  );
}

/**
 * Staff tell users about an outage on the public status page (running the platform, item 2):
 * a new incident with its first word, then updates until it is resolved.
 */
export function IncidentsCard() {
  const { t } = useTranslation(['status', 'domain', 'errors']);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<IncidentInput>();
  const [notice, setNotice] = useState<string | null>(null);
  const incidents = useQuery(endpointQuery(statusEndpoints.incidents));
  const reload = (message: string) => {
    setNotice(message);
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(statusEndpoints.incidents) });
  };
  const create = useMutation({
    mutationFn: (body: IncidentInput) => call(statusEndpoints.createIncident, { body }),
    onSuccess: () => {
      form.resetFields();
      reload(t('staff.posted'));
    },
  });
  const stateOptions = useStateOptions();

  return (
    <Card title={t('staff.title')} style={{ maxWidth: 640, marginTop: 16 }} data-testid="status-incidents">
      <Typography.Paragraph type="secondary">
        {t('staff.intro')} <a href={paths.serverStatus}>{t('staff.open')}</a>
      </Typography.Paragraph>
      {notice ? <Alert type="success" showIcon title={notice} style={{ marginBottom: 16 }} /> : null}
      {create.isError ? (
        <Alert type="error" showIcon title={translateError(t, create.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Form
        form={form}
        name="incident"
        layout="vertical"
        initialValues={{ title: '', state: 'investigating', message: '' }}
        onFinish={(values) =>
          create.mutate({ title: values.title.trim(), state: values.state, message: values.message.trim() })
        }
      >
        <Form.Item
          name="title"
          label={t('staff.titleLabel')}
          required
          rules={[zodRule(incidentInputSchema, 'title', t)]}
        >
          <Input maxLength={160} />
        </Form.Item>
        <Form.Item name="state" label={t('staff.stateLabel')}>
          <Select options={stateOptions} />
        </Form.Item>
        <Form.Item
          name="message"
          label={t('staff.messageLabel')}
          required
          rules={[zodRule(incidentInputSchema, 'message', t)]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('staff.post')}
        </Button>
      </Form>
      {incidents.isError ? (
        <Alert type="error" showIcon title={t('staff.loadError')} style={{ marginTop: 16 }} />
      ) : (
        <List
          style={{ marginTop: 16 }}
          loading={incidents.isPending}
          locale={{ emptyText: t('staff.empty') }}
          dataSource={incidents.data?.items.filter((i) => i.state !== 'resolved') ?? []}
          renderItem={(incident) => (
            <IncidentItem
              key={incident.id}
              incident={incident}
              onUpdated={() => reload(t('staff.updated'))}
            />
          )}
        />
      )}
    </Card>
  );
}
