import { UserAddOutlined } from '@ant-design/icons';
import { type AddTeacherInput, addTeacherSchema, teamEndpoints } from '@batchwise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import type { Wording } from '../../lib/use-wording';
import { zodRule } from '../../lib/zod-form';
import { refreshTeam } from './team-queries';

type Mode = 'create' | 'invite';

interface Values {
  name: string;
  email: string;
  phone: string;
  password: string;
}

const EMPTY: Values = { name: '', email: '', phone: '', password: '' };

/** An admin adds a teacher: a new account under the admin, or an invitation to an existing one. */
export function AddTeacherCard({ accountId, words }: { accountId: string; words: Wording }) {
  const { t } = useTranslation(['app', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('create');
  const [form] = Form.useForm<Values>();
  const add = useMutation({
    mutationFn: (body: AddTeacherInput) => call(teamEndpoints.addTeacher, { params: { accountId }, body }),
    onSuccess: async () => {
      form.resetFields();
      await refreshTeam(queryClient, accountId);
      void message.success(mode === 'create' ? t('team.teacher.created') : t('team.teacher.invited'));
    },
  });
  // The contract is a union on `mode`; validating with the mode filled in picks the right branch.
  const schema = {
    safeParse: (values: unknown) => addTeacherSchema.safeParse({ ...(values as object), mode }),
  };
  const rule = (field: keyof Values) => [zodRule(schema, field, t)];
  const handleFinish = (values: Values) =>
    add.mutate(mode === 'create' ? { mode, ...values } : { mode, email: values.email });

  return (
    <Card title={t('team.teacher.title', { teacher: words.teacher })}>
      <Segmented<Mode>
        value={mode}
        onChange={(next) => {
          setMode(next);
          add.reset();
        }}
        options={[
          { value: 'create', label: t('team.teacher.create') },
          { value: 'invite', label: t('team.teacher.invite') },
        ]}
        style={{ marginBottom: 16 }}
      />
      {add.isError ? (
        <Alert type="error" showIcon title={translateError(t, add.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Form name="add-teacher" form={form} layout="vertical" initialValues={EMPTY} onFinish={handleFinish}>
        {mode === 'create' ? (
          <Form.Item name="name" label={t('team.fields.name')} rules={rule('name')}>
            <Input autoComplete="off" />
          </Form.Item>
        ) : null}
        <Form.Item
          name="email"
          label={t('team.fields.email')}
          extra={mode === 'invite' ? t('team.teacher.inviteHint') : undefined}
          rules={rule('email')}
        >
          <Input type="email" autoComplete="off" inputMode="email" />
        </Form.Item>
        {mode === 'create' ? (
          <>
            <Form.Item name="phone" label={t('team.fields.phone')} rules={rule('phone')}>
              <Input
                type="tel"
                autoComplete="off"
                inputMode="tel"
                placeholder={t('common:phone.placeholder')}
              />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('team.fields.password')}
              extra={t('team.teacher.passwordHint')}
              rules={rule('password')}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </>
        ) : null}
        <Button type="primary" htmlType="submit" icon={<UserAddOutlined />} loading={add.isPending}>
          {mode === 'create' ? t('team.teacher.createSubmit') : t('team.teacher.inviteSubmit')}
        </Button>
      </Form>
    </Card>
  );
}
