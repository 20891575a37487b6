import { changePasswordSchema, profileEndpoints } from '@batchwise/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import { zodRule } from '../../lib/zod-form';

interface Values {
  currentPassword: string;
  newPassword: string;
}

/** Changing the password ends the user's other sessions (the server does that). */
export function PasswordCard({ email }: { email: string | null }) {
  const { t } = useTranslation(['app', 'domain', 'errors']);
  const [form] = Form.useForm<Values>();
  const change = useMutation({
    mutationFn: (body: Values) => call(profileEndpoints.changePassword, { body }),
    onSuccess: () => form.resetFields(),
  });
  return (
    <Card title={t('settings.password.title')}>
      {change.isSuccess ? (
        <Alert type="success" showIcon title={t('settings.password.changed')} style={{ marginBottom: 16 }} />
      ) : null}
      {change.isError ? (
        <Alert type="error" showIcon title={translateError(t, change.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Form
        name="change-password"
        form={form}
        layout="vertical"
        initialValues={{ currentPassword: '', newPassword: '' }}
        onFinish={(values) => change.mutate(values)}
        style={{ maxWidth: 480 }}
      >
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
        <Form.Item
          name="currentPassword"
          label={t('settings.password.current')}
          rules={[zodRule(changePasswordSchema, 'currentPassword', t)]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('settings.password.new')}
          extra={t('settings.password.hint')}
          rules={[zodRule(changePasswordSchema, 'newPassword', t)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('settings.password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
