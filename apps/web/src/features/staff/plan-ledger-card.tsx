import { billingEndpoints, PLAN_IDS, type PlanAdjustment, type PlanId } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, InputNumber, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpointQuery, refresh } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';

interface Values {
  kind: PlanAdjustment['kind'];
  planId: PlanId;
  amount: number | null;
  reason: string;
}

/**
 * Staff look up an account's plan and its plan ledger, and grant a plan for some months, extend
 * it by days or set a discount off its purchases, each with a reason the ledger keeps.
 */
export function PlanLedgerCard() {
  const { t } = useTranslation(['staff', 'domain', 'errors']);
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const [accountId, setAccountId] = useState('');
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'grant';
  const ledger = useQuery({
    ...endpointQuery(billingEndpoints.planLedger, { params: { accountId } }),
    enabled: accountId !== '',
    retry: false,
  });
  const adjust = useMutation({
    mutationFn: (v: Values) => {
      const amount = v.amount ?? 0;
      const body: PlanAdjustment =
        v.kind === 'grant'
          ? { kind: 'grant', planId: v.planId, months: amount, reason: v.reason }
          : v.kind === 'extend'
            ? { kind: 'extend', days: amount, reason: v.reason }
            : { kind: 'discount', percent: amount, reason: v.reason };
      return call(billingEndpoints.adjust, { params: { accountId }, body });
    },
    onSuccess: async () => {
      form.resetFields(['reason', 'amount']);
      // The owner's billing page follows; this card reads the ledger again.
      await Promise.all([refresh(queryClient, 'billing'), ledger.refetch()]);
    },
  });
  const date = (at: number | null) => (at === null ? t('planLedger.noEnd') : formatDate(at, locale));
  return (
    <Card title={t('planLedger.title')} style={{ maxWidth: 640, marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('planLedger.hint')}</Typography.Paragraph>
      <Input.Search
        aria-label={t('planLedger.account')}
        placeholder={t('planLedger.account')}
        enterButton={t('planLedger.open')}
        onSearch={(value) => setAccountId(value.trim())}
        style={{ marginBottom: 16 }}
      />
      {ledger.isError ? (
        <Alert type="error" showIcon title={translateError(t, ledger.error)} style={{ marginBottom: 16 }} />
      ) : null}
      {ledger.data ? (
        <>
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('planLedger.plan')}>{ledger.data.planId}</Descriptions.Item>
            <Descriptions.Item label={t('planLedger.ends')}>{date(ledger.data.endsAt)}</Descriptions.Item>
            <Descriptions.Item label={t('planLedger.discount')}>
              {ledger.data.discountPercent}%
            </Descriptions.Item>
          </Descriptions>
          {adjust.isError ? (
            <Alert
              type="error"
              showIcon
              title={translateError(t, adjust.error)}
              style={{ marginBottom: 16 }}
            />
          ) : null}
          <Form
            name="plan-adjustment"
            form={form}
            layout="vertical"
            initialValues={{ kind: 'grant', planId: 'pro', amount: 1, reason: '' }}
            onFinish={(values) => adjust.mutate(values)}
          >
            <Form.Item name="kind" label={t('planLedger.kind')}>
              <Select
                options={(['grant', 'extend', 'discount'] as const).map((k) => ({
                  value: k,
                  label: t(`planLedger.kinds.${k}`),
                }))}
              />
            </Form.Item>
            {kind === 'grant' ? (
              <Form.Item name="planId" label={t('planLedger.plan')}>
                <Select options={PLAN_IDS.map((id) => ({ value: id, label: id }))} />
              </Form.Item>
            ) : null}
            <Form.Item name="amount" label={t(`planLedger.amount.${kind}`)} rules={[{ required: true }]}>
              <InputNumber min={kind === 'discount' ? 0 : 1} max={kind === 'discount' ? 100 : 3650} />
            </Form.Item>
            <Form.Item name="reason" label={t('planLedger.reason')} rules={[{ required: true, min: 3 }]}>
              <Input maxLength={500} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={adjust.isPending}>
              {t('planLedger.save')}
            </Button>
          </Form>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: true }}
            style={{ marginTop: 16 }}
            dataSource={ledger.data.entries}
            columns={[
              { title: t('planLedger.when'), render: (_, e) => formatDateTime(e.createdAt, locale) },
              { title: t('planLedger.kind'), render: (_, e) => t(`planLedger.kinds.${e.kind}`) },
              { title: t('planLedger.plan'), dataIndex: 'planId' },
              { title: t('planLedger.ends'), render: (_, e) => date(e.endsAfter) },
              { title: t('planLedger.by'), render: (_, e) => e.actorName ?? '' },
              { title: t('planLedger.reason'), dataIndex: 'reason' },
            ]}
          />
        </>
      ) : null}
    </Card>
  );
}
