import { type AccountTool, planEndpoints, type ToolKey } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Popconfirm, Skeleton, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { call, endpointQuery, refresh } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { paths } from '../../lib/paths';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { useWorkAccount } from '../../lib/use-work-account';

/**
 * The tools catalogue of the account being worked on (spec part 2 §3 `InstalledTools`,
 * `pinnedTools`; §4 "Tool availability"): what is installed and until when, where an install
 * comes from (this account or the admin's), install with the plan or as a trial, remove, pin.
 */
export function ToolsPage() {
  const { t } = useTranslation(['plans', 'pricing', 'domain', 'errors']);
  const { locale } = useLanguage();
  const work = useWorkAccount();
  const accountId = work?.account.id ?? '';
  const tools = useQuery({
    ...endpointQuery(planEndpoints.tools, { params: { accountId } }),
    enabled: !!work,
  });
  if (!work || tools.isPending) return <Skeleton active />;
  if (tools.isError) return <QueryError error={tools.error} onRetry={() => void tools.refetch()} />;
  const { plan, canManage } = tools.data;
  const n = new Intl.NumberFormat(locale).format;
  return (
    <>
      <PageHeading title={t('tools.title')} subtitle={t('tools.intro')} />
      <Card style={{ marginBottom: 16 }}>
        <Flex wrap gap={12} justify="space-between" align="center">
          <div>
            <Typography.Text strong data-testid="current-plan">
              {t('tools.plan', { plan: t(`pricing:plans.${plan.id}.name`) })}
            </Typography.Text>
            <br />
            <Typography.Text type="secondary">
              {plan.limits.moderators === null
                ? t('tools.moderatorsUnlimited')
                : t('tools.moderators', { count: plan.limits.moderators, n: n(plan.limits.moderators) })}
            </Typography.Text>
          </div>
          <a href={paths.pricing}>{t('tools.seePlans')}</a>
        </Flex>
      </Card>
      {canManage ? null : (
        <Alert type="info" showIcon title={t('tools.assistantNote')} style={{ marginBottom: 16 }} />
      )}
      <Flex vertical gap={16}>
        {tools.data.tools.map((tool) => (
          <ToolCard key={tool.key} accountId={accountId} tool={tool} canManage={canManage} />
        ))}
      </Flex>
    </>
  );
}

function ToolCard({
  accountId,
  tool,
  canManage,
}: {
  accountId: string;
  tool: AccountTool;
  canManage: boolean;
}) {
  const { t } = useTranslation(['plans', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const name = t(`tools.names.${tool.key}`);
  const params = { accountId, toolKey: tool.key as ToolKey };
  const done = async (text: string) => {
    await Promise.all([refresh(queryClient, 'tools', { accountId }), refresh(queryClient, 'session')]);
    void message.success(text);
  };
  const onError = (error: unknown) => void message.error(translateError(t, error));
  const install = useMutation({
    mutationFn: () => call(planEndpoints.install, { params }),
    onSuccess: () => done(t('tools.installed', { tool: name })),
    onError,
  });
  const remove = useMutation({
    mutationFn: () => call(planEndpoints.uninstall, { params }),
    onSuccess: () => done(t('tools.removed', { tool: name })),
    onError,
  });
  const pin = useMutation({
    mutationFn: (pinned: boolean) => call(planEndpoints.pin, { params, body: { pinned } }),
    onSuccess: () => refresh(queryClient, 'tools', { accountId }),
    onError,
  });
  const date = (at: number) => formatDateTime(at, locale);
  const expired = tool.source !== null && !tool.usable && tool.expiresAt !== null;
  const status = expired
    ? t('tools.status.expired', { date: date(tool.expiresAt!) })
    : tool.source === null
      ? t('tools.status.notInstalled')
      : tool.expiresAt === null
        ? t('tools.status.withPlan')
        : t('tools.status.until', { date: date(tool.expiresAt) });
  const canInstall = canManage && (!tool.installed || tool.installed.expiresAt !== null);
  const trialBlocked = !tool.includedInPlan && tool.trialUsed;
  return (
    <Card
      title={name}
      data-testid={`tool-${tool.key}`}
      extra={tool.usable ? <Tag color="green">{status}</Tag> : null}
    >
      <Typography.Paragraph type="secondary">{t(`tools.about.${tool.key}`)}</Typography.Paragraph>
      {tool.usable ? null : <Typography.Paragraph strong>{status}</Typography.Paragraph>}
      {tool.source === 'admin' ? (
        <Typography.Paragraph type="secondary">{t('tools.status.fromAdmin')}</Typography.Paragraph>
      ) : null}
      <Flex wrap gap={12} align="center">
        {canInstall && !trialBlocked && !(tool.installed && !tool.includedInPlan) ? (
          <Button type="primary" loading={install.isPending} onClick={() => install.mutate()}>
            {tool.includedInPlan
              ? t('tools.install')
              : t('tools.trial', { days: new Intl.NumberFormat(locale).format(tool.trialDays) })}
          </Button>
        ) : null}
        {canInstall && trialBlocked ? (
          <Typography.Text type="secondary">
            {t('tools.trialUsed')} <a href={paths.pricing}>{t('tools.seePlans')}</a>
          </Typography.Text>
        ) : null}
        {tool.usable ? <Link to={`../${tool.page}`}>{t('tools.open')}</Link> : null}
        {canManage && tool.installed ? (
          <>
            <Switch
              checked={tool.installed.pinned}
              loading={pin.isPending}
              onChange={(checked) => pin.mutate(checked)}
              aria-label={t('tools.pin')}
            />
            <Typography.Text>{t('tools.pin')}</Typography.Text>
            <Popconfirm
              title={t('tools.removeConfirm', { tool: name })}
              okText={t('tools.removeOk')}
              cancelText={t('tools.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutate()}
            >
              <Button danger loading={remove.isPending}>
                {t('tools.remove')}
              </Button>
            </Popconfirm>
          </>
        ) : null}
      </Flex>
    </Card>
  );
}
