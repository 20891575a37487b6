import {
  ACCOUNT_TYPES,
  accountEndpoints,
  CURRENCY_LIST,
  type InstitutionUpdateInput,
  institutionUpdateSchema,
  wording,
} from '@batchwise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Divider, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { call, refresh, urlOf } from '../../lib/api-client';
import type { SessionAccount } from '../../lib/session';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { zodRule } from '../../lib/zod-form';
import { ImageUpload } from './image-upload';

/** Fields the session may carry for an owned account; read defensively so older servers still work. */
type OwnedAccount = SessionAccount & { manageMultiBranches?: boolean; logoUrl?: string | null };

const currencyOptions = CURRENCY_LIST.map((currency) => ({
  value: currency.code,
  label: `${currency.code} · ${currency.name} (${currency.symbol_native})`,
}));

/** Institution settings of an account the user owns: name, logo and preferences. */
export function InstitutionCard({ account }: { account: OwnedAccount }) {
  const { t } = useTranslation(['app', 'domain', 'errors']);
  const { language } = useLanguage();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<InstitutionUpdateInput>();
  const params = { accountId: account.id };
  const refreshAccount = async () => {
    await refresh(queryClient, 'session');
    await refresh(queryClient, 'accounts', params);
  };
  const save = useMutation({
    mutationFn: (body: InstitutionUpdateInput) => call(accountEndpoints.updateInstitution, { params, body }),
    onSuccess: async () => {
      await refreshAccount();
      void message.success(t('settings.institution.saved'));
    },
    onError: (error) => void message.error(translateError(t, error)),
  });

  const typeOptions = ACCOUNT_TYPES.map((type) => {
    const words = wording(type, language);
    return {
      value: type,
      label: t(`settings.institution.types.${type}`, {
        classroom: words.classroom,
        classrooms: words.classrooms,
        student: words.student,
        students: words.students,
      }),
    };
  });

  return (
    <Card title={t('settings.institution.title')}>
      <ImageUpload
        id="logo-file"
        label={t('settings.institution.logo')}
        endpoint={urlOf(accountEndpoints.logo, { params })}
        currentUrl={account.logoUrl ?? null}
        shape="square"
        onUploaded={() => void refreshAccount()}
      />
      <Divider />
      <Form
        name="institution"
        form={form}
        layout="vertical"
        initialValues={{
          institution: account.institution,
          accountType: account.accountType,
          currency: account.currency,
          manageMultiBranches: account.manageMultiBranches ?? false,
        }}
        onFinish={(values) => save.mutate(values)}
        style={{ maxWidth: 560 }}
      >
        <Form.Item
          name="institution"
          label={t('settings.institution.name')}
          rules={[zodRule(institutionUpdateSchema, 'institution', t)]}
        >
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item
          name="accountType"
          label={t('settings.institution.accountType')}
          extra={t('settings.institution.accountTypeHint')}
          rules={[zodRule(institutionUpdateSchema, 'accountType', t)]}
        >
          <Select options={typeOptions} />
        </Form.Item>
        <Form.Item
          name="currency"
          label={t('settings.institution.currency')}
          rules={[zodRule(institutionUpdateSchema, 'currency', t)]}
        >
          <Select showSearch={{ optionFilterProp: 'label' }} options={currencyOptions} />
        </Form.Item>
        <Form.Item
          name="manageMultiBranches"
          label={t('settings.institution.multiBranch')}
          extra={t('settings.institution.multiBranchHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('settings.save')}
        </Button>
      </Form>
    </Card>
  );
}
