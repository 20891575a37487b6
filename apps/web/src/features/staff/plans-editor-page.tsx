import {
  PLAN_FEATURE_KEYS,
  type PlanInput,
  type PlanView,
  planEndpoints,
  TOOL_KEYS,
} from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Flex,
  Form,
  InputNumber,
  Select,
  Skeleton,
  Switch,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { call, endpointQuery, refresh } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';

/** Platform staff edit the plan table (spec part 1 §9): prices, limits, features, included tools. */
export function PlansEditorPage() {
  const { t } = useTranslation(['plans', 'pricing']);
  const plans = useQuery(endpointQuery(planEndpoints.list, {}));
  if (plans.isPending) return <Skeleton active />;
  if (plans.isError) return <QueryError error={plans.error} onRetry={() => void plans.refetch()} />;
  return (
    <>
      <PageHeading title={t('staff.title')} subtitle={t('staff.intro')} />
      <Flex vertical gap={16}>
        {plans.data.plans.map((plan) => (
          <PlanForm key={`${plan.id}:${plan.updatedAt}`} plan={plan} />
        ))}
      </Flex>
    </>
  );
}

interface Values {
  priceTaka: number | null;
  quotedOnRequest: boolean;
  moderators: number | null;
  recoveryDays: number;
  videoStorageGb: number | null;
  fileStorageGb: number | null;
  features: PlanInput['features'];
  tools: PlanInput['tools'];
  referralRewardSms: number;
}

function PlanForm({ plan }: { plan: PlanView }) {
  const { t } = useTranslation(['plans', 'pricing', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const name = t(`pricing:plans.${plan.id}.name`);
  const save = useMutation({
    mutationFn: (body: PlanInput) => call(planEndpoints.update, { params: { planId: plan.id }, body }),
    onSuccess: async () => {
      await refresh(queryClient, 'plans');
      void message.success(t('staff.saved', { plan: name }));
    },
    onError: (error) => void message.error(translateError(t, error)),
  });
  const initial: Values = {
    priceTaka: plan.pricePerStudentPaisa === null ? null : plan.pricePerStudentPaisa / 100,
    quotedOnRequest: plan.quotedOnRequest,
    ...plan.limits,
    features: plan.features,
    tools: plan.tools,
    referralRewardSms: plan.referralRewardSms,
  };
  const handleFinish = (v: Values) =>
    save.mutate({
      pricePerStudentPaisa:
        v.priceTaka === null || v.priceTaka === undefined ? null : Math.round(v.priceTaka * 100),
      quotedOnRequest: v.quotedOnRequest,
      limits: {
        moderators: v.moderators ?? null,
        recoveryDays: v.recoveryDays ?? 0,
        videoStorageGb: v.videoStorageGb ?? null,
        fileStorageGb: v.fileStorageGb ?? null,
      },
      features: v.features,
      tools: v.tools,
      referralRewardSms: v.referralRewardSms ?? 0,
    });
  const number = (key: keyof Values, label: string, extra?: string) => (
    <Form.Item name={key} label={label} extra={extra}>
      <InputNumber min={0} style={{ width: '100%' }} />
    </Form.Item>
  );
  return (
    <Card title={name} data-testid={`plan-${plan.id}`}>
      {plan.updatedAt ? (
        <Typography.Paragraph type="secondary">
          {t('staff.updated', { date: formatDateTime(plan.updatedAt, locale) })}
        </Typography.Paragraph>
      ) : null}
      <Form<Values>
        layout="vertical"
        initialValues={initial}
        onFinish={handleFinish}
        name={`plan-${plan.id}`}
      >
        {number('priceTaka', t('staff.price'), t('staff.priceEmpty'))}
        <Form.Item name="quotedOnRequest" label={t('staff.quoted')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {number('moderators', t('staff.moderators'), t('staff.unlimited'))}
        {number('recoveryDays', t('staff.recoveryDays'))}
        {number('videoStorageGb', t('staff.videoStorageGb'), t('staff.unlimited'))}
        {number('fileStorageGb', t('staff.fileStorageGb'), t('staff.unlimited'))}
        {number('referralRewardSms', t('staff.referralRewardSms'), t('staff.referralRewardSmsHint'))}
        <Form.Item name="features" label={t('staff.features')}>
          <Select mode="multiple" options={PLAN_FEATURE_KEYS.map((key) => ({ value: key, label: key }))} />
        </Form.Item>
        <Form.Item name="tools" label={t('staff.tools')}>
          <Checkbox.Group
            options={TOOL_KEYS.map((key) => ({ value: key, label: t(`tools.names.${key}`) }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('staff.save', { plan: name })}
        </Button>
      </Form>
    </Card>
  );
}
