import { normalizeBdPhone, profileEndpoints, profileUpdateSchema } from '@batchwise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Divider, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { call, refresh, urlOf } from '../../lib/api-client';
import type { Session } from '../../lib/session';
import { translateError } from '../../lib/translate-error';
import { zodRule } from '../../lib/zod-form';
import { ImageUpload } from './image-upload';

interface Values {
  name: string;
  phone: string;
  phoneCode?: string;
}

/**
 * Name, phone and picture of the signed-in person. A new phone is saved only with the code the
 * server sends to it: a phone is a sign-in and finds a parent's children, so it must be proved.
 */
export function ProfileCard({ session }: { session: Session }) {
  const { t } = useTranslation(['app', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { user } = session;
  const typedPhone: string = Form.useWatch('phone', form) ?? user.phone ?? '';
  const newPhone = normalizeBdPhone(typedPhone);
  const changingPhone = newPhone !== '' && newPhone !== (user.phone ?? '');
  const save = useMutation({
    mutationFn: ({ phoneCode, ...values }: Values) =>
      call(profileEndpoints.update, { body: changingPhone ? { ...values, phoneCode } : values }),
    onSuccess: async () => {
      form.setFieldValue('phoneCode', '');
      sendCode.reset();
      await refresh(queryClient, 'session');
      void message.success(t('settings.profile.saved'));
    },
    onError: (error) => void message.error(translateError(t, error)),
  });
  const sendCode = useMutation({
    mutationFn: (phone: string) => call(profileEndpoints.phoneCode, { body: { phone } }),
    onSuccess: () => void message.success(t('domain:PHONE_CODE_SENT')),
    onError: (error) => void message.error(translateError(t, error)),
  });
  const handleSendCode = async () => {
    await form.validateFields(['phone']);
    sendCode.mutate(newPhone);
  };
  return (
    <Card title={t('settings.profile.title')}>
      <ImageUpload
        id="avatar-file"
        label={t('settings.profile.avatar')}
        endpoint={urlOf(profileEndpoints.avatar)}
        currentUrl={user.avatarUrl}
        shape="circle"
        onUploaded={() => void refresh(queryClient, 'session')}
      />
      <Divider />
      <Form
        name="profile"
        form={form}
        layout="vertical"
        initialValues={{ name: user.name, phone: user.phone ?? '' }}
        onFinish={(values) => save.mutate(values)}
        style={{ maxWidth: 480 }}
      >
        <Form.Item
          name="name"
          label={t('settings.profile.name')}
          rules={[zodRule(profileUpdateSchema, 'name', t)]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('settings.profile.phone')}
          extra={t('settings.profile.phoneHint')}
          rules={[zodRule(profileUpdateSchema, 'phone', t)]}
        >
          <Input type="tel" autoComplete="tel" inputMode="tel" placeholder={t('common:phone.placeholder')} />
        </Form.Item>
        {changingPhone ? (
          <Form.Item label={t('settings.profile.code')} extra={t('settings.profile.codeHint')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="phoneCode"
                noStyle
                rules={[{ required: true, pattern: /^\d{6}$/, message: t('domain:CODE_REQUIRED') }]}
              >
                <Input
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={6}
                  placeholder="123456"
                  aria-label={t('settings.profile.code')}
                />
              </Form.Item>
              <Button onClick={() => void handleSendCode()} loading={sendCode.isPending}>
                {sendCode.isSuccess ? t('settings.profile.sendAgain') : t('settings.profile.sendCode')}
              </Button>
            </Space.Compact>
          </Form.Item>
        ) : null}
        <Form.Item label={t('settings.profile.email')}>
          <Input value={user.email ?? ''} disabled />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('settings.save')}
        </Button>
      </Form>
    </Card>
  );
}
