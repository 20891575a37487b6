import { type BillingSettings, billingEndpoints, billingSettingsSchema } from '@batchwise/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpointQuery } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';

/** The form's shape: lists typed as "1, 3, 6, 12", the SMS price in taka. */
interface Values {
  graceDays: number | null;
  reminderDays: number | null;
  minimumBilledStudents: number | null;
  periods: string;
  smsPacks: string;
  smsPriceTaka: number | null;
}

const listText = (values: readonly number[]) => values.join(', ');
const listOf = (text: string) =>
  text
    .split(/[,\s]+/)
    .filter((part) => part !== '')
    .map(Number);

function toSettings(v: Values): BillingSettings {
  return {
    graceDays: v.graceDays ?? 0,
    reminderDays: v.reminderDays ?? 0,
    minimumBilledStudents: v.minimumBilledStudents ?? 0,
    periods: listOf(v.periods),
    smsPacks: listOf(v.smsPacks),
    smsPricePaisa: Math.round((v.smsPriceTaka ?? 0) * 100),
  };
}

/**
 * Staff edit how the platform bills (plans/billing.ts): the grace after a plan ends, when renewal
 * reminders go out, the fewest students a plan is billed for, the periods on sale, the SMS packs
 * and the price of one SMS. The server checks the whole set against the same contract.
 */
export function BillingSettingsCard() {
  const { t } = useTranslation(['staff', 'domain', 'errors']);
  const [form] = Form.useForm<Values>();
  const settings = useQuery(endpointQuery(billingEndpoints.settings));
  const save = useMutation({
    mutationFn: (values: Values) => call(billingEndpoints.updateSettings, { body: toSettings(values) }),
    onSuccess: () => void settings.refetch(),
  });
  useEffect(() => {
    const s = settings.data;
    if (!s) return;
    form.setFieldsValue({
      graceDays: s.graceDays,
      reminderDays: s.reminderDays,
      minimumBilledStudents: s.minimumBilledStudents,
      periods: listText(s.periods),
      smsPacks: listText(s.smsPacks),
      smsPriceTaka: s.smsPricePaisa / 100,
    });
  }, [settings.data, form]);
  // The lists are checked as the server will: whole numbers within the contract's bounds.
  const listRule = (key: 'periods' | 'smsPacks') => ({
    validator: (_: unknown, text: string) =>
      billingSettingsSchema.shape[key].safeParse(listOf(text ?? '')).success
        ? Promise.resolve()
        : Promise.reject(new Error(t(`billingSettings.${key}Invalid`))),
  });
  const required = [{ required: true, message: t('billingSettings.required') }];
  const number = (min: number, max: number, step = 1) => ({
    min,
    max,
    precision: step < 1 ? 2 : 0,
    step,
    style: { width: '100%' },
  });

  return (
    <Card title={t('billingSettings.title')} style={{ maxWidth: 640, marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('billingSettings.hint')}</Typography.Paragraph>
      {settings.isError ? (
        <Alert type="error" showIcon title={translateError(t, settings.error)} />
      ) : settings.isPending ? (
        <Skeleton active />
      ) : (
        <Form name="billing-settings" form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
          {save.isError ? (
            <Alert type="error" showIcon title={translateError(t, save.error)} style={{ marginBottom: 16 }} />
          ) : save.isSuccess ? (
            <Alert type="success" showIcon title={t('billingSettings.saved')} style={{ marginBottom: 16 }} />
          ) : null}
          <Form.Item name="graceDays" label={t('billingSettings.graceDays')} rules={required}>
            <InputNumber {...number(0, 90)} />
          </Form.Item>
          <Form.Item name="reminderDays" label={t('billingSettings.reminderDays')} rules={required}>
            <InputNumber {...number(1, 60)} />
          </Form.Item>
          <Form.Item
            name="minimumBilledStudents"
            label={t('billingSettings.minimumBilledStudents')}
            rules={required}
          >
            <InputNumber {...number(0, 100_000)} />
          </Form.Item>
          <Form.Item
            name="periods"
            label={t('billingSettings.periods')}
            extra={t('billingSettings.listHint')}
            rules={[listRule('periods')]}
          >
            <Input inputMode="numeric" />
          </Form.Item>
          <Form.Item
            name="smsPacks"
            label={t('billingSettings.smsPacks')}
            extra={t('billingSettings.listHint')}
            rules={[listRule('smsPacks')]}
          >
            <Input inputMode="numeric" />
          </Form.Item>
          <Form.Item name="smsPriceTaka" label={t('billingSettings.smsPrice')} rules={required}>
            <InputNumber {...number(0.01, 1000, 0.01)} prefix="৳" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('billingSettings.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
