import { LoginOutlined } from '@ant-design/icons';
import { impersonateSchema, staffEndpoints } from '@batchwise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeading } from '../../components/antd/page-heading';
import { call } from '../../lib/api-client';
import { forgetEverything, useSession } from '../../lib/session';
import { translateError } from '../../lib/translate-error';
import { zodRule } from '../../lib/zod-form';
import { BillingSettingsCard } from './billing-settings-card';
import { PlanLedgerCard } from './plan-ledger-card';
import { SmsTopUpCard } from './sms-top-up-card';

interface Values {
  emailOrId: string;
  suid: string;
}

/**
 * The staff dashboard: sign in as a user to help them (the spec's bypass login). The server
 * allows it to staff only, never on another staff member, and writes every use to the log.
 */
export function StaffDashboard({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation(['app', 'domain', 'errors']);
  const { data: session } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const impersonate = useMutation({
    mutationFn: (values: Values) =>
      call(staffEndpoints.impersonate, {
        body: { emailOrId: values.emailOrId.trim(), suid: values.suid.trim() || undefined },
      }),
    onSuccess: (result) => {
      forgetEverything(queryClient);
      navigate(result.homePath, { replace: true });
    },
  });

  return (
    <>
      <PageHeading title={t('dashboard.titles.staff')} subtitle={session?.user.name} />
      <Card title={t('staff.title')} style={{ maxWidth: 640 }}>
        <Typography.Paragraph type="secondary">{t('staff.hint')}</Typography.Paragraph>
        {impersonate.isError ? (
          <Alert
            type="error"
            showIcon
            title={translateError(t, impersonate.error)}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Form
          name="impersonate"
          form={form}
          layout="vertical"
          initialValues={{ emailOrId: '', suid: '' }}
          onFinish={(values) => impersonate.mutate(values)}
        >
          <Form.Item
            name="emailOrId"
            label={t('staff.emailOrId')}
            required
            rules={[zodRule(impersonateSchema, 'emailOrId', t)]}
          >
            <Input autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item name="suid" label={t('staff.suid')} extra={t('staff.suidHint')}>
            <Input autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<LoginOutlined />} loading={impersonate.isPending}>
            {t('staff.submit')}
          </Button>
        </Form>
      </Card>
      <SmsTopUpCard />
      {extra}
      <PlanLedgerCard />
      <BillingSettingsCard />
    </>
  );
}
