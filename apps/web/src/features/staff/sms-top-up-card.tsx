import { type SmsToppedUp, smsEndpoints, smsTopUpSchema } from '@batchwise/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import { zodRule } from '../../lib/zod-form';

interface Values {
  owner: string;
  count: number | null;
  note: string;
}

/**
 * Staff add SMS to a school's quota after it pays: the account is found by its owner,
 * and the reason goes into the account's ledger, where its owner sees it. A negative number
 * corrects a mistake; the server refuses one that would leave the quota below zero.
 */
export function SmsTopUpCard() {
  const { t } = useTranslation(['staff', 'domain', 'errors']);
  const [form] = Form.useForm<Values>();
  const [done, setDone] = useState<SmsToppedUp | null>(null);
  const topUp = useMutation({
    mutationFn: (values: Values) =>
      call(smsEndpoints.smsTopUp, {
        body: { owner: values.owner.trim(), count: values.count ?? 0, note: values.note.trim() },
      }),
    onSuccess: (result) => {
      setDone(result);
      form.resetFields();
    },
  });

  return (
    <Card title={t('smsTopUp.title')} style={{ maxWidth: 640, marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('smsTopUp.hint')}</Typography.Paragraph>
      {topUp.isError ? (
        <Alert type="error" showIcon title={translateError(t, topUp.error)} style={{ marginBottom: 16 }} />
      ) : null}
      {done && !topUp.isError ? (
        <Alert
          type="success"
          showIcon
          title={t('smsTopUp.done', { institution: done.institution, balance: done.balance })}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form
        name="sms-top-up"
        form={form}
        layout="vertical"
        initialValues={{ owner: '', count: null, note: '' }}
        onFinish={(values) => topUp.mutate(values)}
      >
        <Form.Item
          name="owner"
          label={t('smsTopUp.owner')}
          required
          rules={[zodRule(smsTopUpSchema, 'owner', t)]}
        >
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item
          name="count"
          label={t('smsTopUp.count')}
          extra={t('smsTopUp.countHint')}
          required
          rules={[{ required: true, type: 'integer', message: t('smsTopUp.countRequired') }]}
        >
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('smsTopUp.note')}
          required
          rules={[zodRule(smsTopUpSchema, 'note', t)]}
        >
          <Input placeholder={t('smsTopUp.notePlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={topUp.isPending}>
          {t('smsTopUp.submit')}
        </Button>
      </Form>
    </Card>
  );
}
