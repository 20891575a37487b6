import { SendOutlined } from '@ant-design/icons';
import {
  forgotPasswordSchema,
  type InviteAssistantInput,
  inviteAssistantSchema,
  teamEndpoints,
} from '@batchwise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, Radio, Segmented, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../lib/api-client';
import { billingPath } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { errorCode, translateError } from '../../lib/translate-error';
import type { Wording } from '../../lib/use-wording';
import { zodRule } from '../../lib/zod-form';
import { refreshTeam } from './team-queries';

type By = 'email' | 'phone';

interface Values {
  email: string;
  phone: string;
  scope: 'account';
  manageStudents: boolean;
  modifyCustomId: boolean;
  sendSms: boolean;
  collectPayments: boolean;
}

const INITIAL: Values = {
  email: '',
  phone: '',
  scope: 'account',
  manageStudents: false,
  modifyCustomId: false,
  sendSms: false,
  collectPayments: false,
};

/** The permissions the invitation carries (the form's other fields say who and where). */
const pickGrants = (values: Omit<Values, 'email' | 'phone'>) => ({
  manageStudents: values.manageStudents,
  modifyCustomId: values.modifyCustomId,
  sendSms: values.sendSms,
  collectPayments: values.collectPayments,
});

/** A switch with its label beside it (a stacked label wastes a line per flag). */
function SwitchRow({ name, label }: { name: keyof Values; label: string }) {
  const id = `invite-assistant_${name}`;
  return (
    <Form.Item style={{ marginBottom: 16 }}>
      <Flex gap={10} align="center">
        <Form.Item name={name} valuePropName="checked" noStyle>
          <Switch id={id} />
        </Form.Item>
        <label htmlFor={id}>{label}</label>
      </Flex>
    </Form.Item>
  );
}

/**
 * Invites an assistant (moderator) by e-mail or phone. Grants are account-wide for now; per
 * classroom grants arrive with classrooms. The assistant accepts from their invitations page.
 */
export function InviteAssistantCard({ accountId, words }: { accountId: string; words: Wording }) {
  const { t } = useTranslation(['app', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [by, setBy] = useState<By>('email');
  const profession = useSession().data?.user.profession;
  const [form] = Form.useForm<Values>();
  const invite = useMutation({
    mutationFn: (body: InviteAssistantInput) =>
      call(teamEndpoints.inviteAssistant, { params: { accountId }, body }),
    onSuccess: async () => {
      form.resetFields();
      await refreshTeam(queryClient, accountId);
      void message.success(t('team.assistant.invited'));
    },
  });
  const schema = {
    safeParse: (values: unknown) => {
      const { email, phone, ...grants } = values as Values;
      // The invitation contract accepts any text as e-mail; check the address as sign-up does.
      if (by === 'email') {
        const address = forgotPasswordSchema.safeParse({ email });
        if (!address.success) return address;
      }
      return inviteAssistantSchema.safeParse(
        by === 'email' ? { email, ...pickGrants(grants) } : { phone, ...pickGrants(grants) },
      );
    },
  };
  const handleFinish = ({ email, phone, ...grants }: Values) =>
    invite.mutate(
      by === 'email'
        ? { email: email.trim(), ...pickGrants(grants) }
        : { phone: phone.trim(), ...pickGrants(grants) },
    );

  return (
    <Card title={t('team.assistant.title')}>
      <Typography.Paragraph type="secondary">{t('team.assistant.hint')}</Typography.Paragraph>
      <Segmented<By>
        value={by}
        onChange={(next) => {
          setBy(next);
          invite.reset();
        }}
        options={[
          { value: 'email', label: t('team.assistant.byEmail') },
          { value: 'phone', label: t('team.assistant.byPhone') },
        ]}
        style={{ marginBottom: 16 }}
      />
      {invite.isError ? (
        <Alert
          type="error"
          showIcon
          title={translateError(t, invite.error)}
          description={
            // The plan's moderator limit (part 1 §6): the way up is the plans page.
            errorCode(invite.error) === 'PLAN_LIMIT_MODERATORS' ? (
              <Link to={billingPath(profession)}>{t('team.assistant.upgrade')}</Link>
            ) : undefined
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form
        name="invite-assistant"
        form={form}
        layout="vertical"
        initialValues={INITIAL}
        onFinish={handleFinish}
      >
        {by === 'email' ? (
          <Form.Item name="email" label={t('team.fields.email')} rules={[zodRule(schema, 'email', t)]}>
            <Input type="email" autoComplete="off" inputMode="email" />
          </Form.Item>
        ) : (
          <Form.Item name="phone" label={t('team.fields.phone')} rules={[zodRule(schema, 'phone', t)]}>
            <Input
              type="tel"
              autoComplete="off"
              inputMode="tel"
              placeholder={t('common:phone.placeholder')}
            />
          </Form.Item>
        )}
        <Form.Item
          name="scope"
          label={t('team.assistant.scope')}
          extra={t('team.assistant.scopeHint', { classroom: words.classroom })}
        >
          <Radio.Group
            options={[
              { value: 'account', label: t('team.assistant.wholeAccount') },
              {
                value: 'classroom',
                label: t('team.assistant.oneClassroom', { classroom: words.classroom }),
                disabled: true,
              },
            ]}
          />
        </Form.Item>
        <SwitchRow
          name="manageStudents"
          label={t('team.assistant.manageStudents', { student: words.student, students: words.students })}
        />
        <SwitchRow name="modifyCustomId" label={t('team.assistant.modifyCustomId')} />
        <SwitchRow name="sendSms" label={t('team.assistant.sendSms')} />
        <SwitchRow name="collectPayments" label={t('team.assistant.collectPayments')} />
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={invite.isPending}>
          {t('team.assistant.submit')}
        </Button>
      </Form>
    </Card>
  );
}
