import { profileUpdateSchema } from '@batchwise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Divider, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { type Session, sessionQueryKey } from '../../lib/session';
import { translateError } from '../../lib/translate-error';
import { zodRule } from '../../lib/zod-form';
import { ImageUpload } from './image-upload';

interface Values {
  name: string;
  phone: string;
}

/** Name, phone and picture of the signed-in person. */
export function ProfileCard({ session }: { session: Session }) {
  const { t } = useTranslation(['app', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (values: Values) => api.put('/api/me/profile', values),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void message.success(t('settings.profile.saved'));
    },
    onError: (error) => void message.error(translateError(t, error)),
  });
  const { user } = session;
  return (
    <Card title={t('settings.profile.title')}>
      <ImageUpload<{ avatarUrl: string }>
        id="avatar-file"
        label={t('settings.profile.avatar')}
        endpoint="/api/me/avatar"
        currentUrl={user.avatarUrl}
        shape="circle"
        onUploaded={() => void queryClient.invalidateQueries({ queryKey: sessionQueryKey })}
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
          <Input type="tel" autoComplete="tel" inputMode="tel" placeholder="01XXXXXXXXX" />
        </Form.Item>
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
