import {
  type BillingView,
  billingEndpoints,
  type PaymentGateway,
  type PlanId,
  type PurchaseStart,
} from '@batchwise/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Radio, Select, Skeleton, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { call, endpointQuery } from '../../lib/api-client';
import { formatDate } from '../../lib/format-time';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';

/**
 * The owner's billing (spec part 1 §9): the plan in force and its end date, a plan and period
 * to pay for, SMS packs to buy, and past purchases with their receipts. Paying leaves for the
 * platform's gateway; it comes back to the receipt (`/lms-sub-paid-receipt`).
 */
export function BillingPage() {
  const { t } = useTranslation(['billing', 'pricing', 'domain', 'errors']);
  const { data: session } = useSession();
  const owned = session?.accounts.find((account) => account.relation === 'owner');
  const accountId = owned?.id ?? '';
  const [search] = useSearchParams();
  const billing = useQuery({
    ...endpointQuery(billingEndpoints.billing, { params: { accountId } }),
    enabled: !!owned,
  });
  if (session && !owned) return <Alert type="info" showIcon title={t('ownerOnly')} />;
  if (billing.isPending) return <Skeleton active />;
  if (billing.isError) return <QueryError error={billing.error} onRetry={() => void billing.refetch()} />;
  const failed = search.get('failed');
  return (
    <>
      <PageHeading title={t('title')} subtitle={t('intro')} />
      {failed ? (
        <Alert
          type="warning"
          showIcon
          title={t(`failed.${failed}`, { defaultValue: t('failed.DECLINED') })}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Flex vertical gap={16}>
        <CurrentPlan view={billing.data} />
        <BuyPlan accountId={accountId} view={billing.data} />
        <BuySms accountId={accountId} view={billing.data} />
        <Purchases view={billing.data} />
      </Flex>
    </>
  );
}

function CurrentPlan({ view }: { view: BillingView }) {
  const { t } = useTranslation(['billing', 'pricing']);
  const { locale } = useLanguage();
  const name = (id: PlanId) => t(`pricing:plans.${id}.name`);
  const lapsed = view.inForce !== view.planId;
  return (
    <Card title={t('current.title')}>
      <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="billing-plan">
        {name(view.inForce)}
      </Typography.Title>
      {view.endsAt === null ? (
        <Typography.Paragraph type="secondary">{t('current.noEnd')}</Typography.Paragraph>
      ) : (
        <Typography.Paragraph data-testid="billing-ends">
          {lapsed
            ? t('current.lapsed', { plan: name(view.planId), date: formatDate(view.endsAt, locale) })
            : t('current.endsOn', { date: formatDate(view.endsAt, locale) })}
          {!lapsed && view.graceEndsAt !== null && view.graceEndsAt !== view.endsAt ? (
            <>
              <br />
              <Typography.Text type="secondary">
                {t('current.grace', { date: formatDate(view.graceEndsAt, locale) })}
              </Typography.Text>
            </>
          ) : null}
        </Typography.Paragraph>
      )}
      {view.discountPercent > 0 ? (
        <Tag color="green">{t('current.discount', { n: view.discountPercent })}</Tag>
      ) : null}
    </Card>
  );
}

/** Starts a purchase and leaves for the gateway's page. */
function usePurchase(accountId: string) {
  const { t } = useTranslation(['billing', 'domain', 'errors']);
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (body: PurchaseStart) =>
      call(billingEndpoints.startPurchase, { params: { accountId }, body }),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
    onError: (error) => void message.error(translateError(t, error)),
  });
}

function GatewayChoice({
  gateways,
  value,
  onChange,
}: {
  gateways: PaymentGateway[];
  value: PaymentGateway;
  onChange: (gateway: PaymentGateway) => void;
}) {
  const { t } = useTranslation('billing');
  return (
    <Radio.Group value={value} onChange={(e) => onChange(e.target.value)} aria-label={t('gateway')}>
      {gateways.map((g) => (
        <Radio.Button key={g} value={g}>
          {t(`gateways.${g}`)}
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}

function BuyPlan({ accountId, view }: { accountId: string; view: BillingView }) {
  const { t } = useTranslation(['billing', 'pricing']);
  const money = useMoney();
  const { locale } = useLanguage();
  const n = new Intl.NumberFormat(locale).format;
  const forSale = [...new Set(view.planQuotes.map((q) => q.planId))];
  const [planId, setPlanId] = useState<PlanId | undefined>(forSale.includes('pro') ? 'pro' : forSale[0]);
  const [months, setMonths] = useState(view.settings.periods[0] ?? 1);
  const [gateway, setGateway] = useState<PaymentGateway>(view.gateways[0] ?? 'sslcommerz');
  const purchase = usePurchase(accountId);
  const quote = view.planQuotes.find((q) => q.planId === planId && q.months === months)?.quote;
  if (forSale.length === 0 || view.gateways.length === 0)
    return (
      <Card title={t('plan.title')}>
        <Empty description={t('plan.none')} />
        <a href={paths.pricing}>{t('plan.seePlans')}</a>
      </Card>
    );
  return (
    <Card title={t('plan.title')}>
      <Typography.Paragraph type="secondary">
        {t('plan.billed', { n: n(Math.max(view.students, view.settings.minimumBilledStudents)) })}
      </Typography.Paragraph>
      <Flex vertical gap={12}>
        <Flex wrap gap={12}>
          <Select
            aria-label={t('plan.plan')}
            style={{ minWidth: 140 }}
            value={planId}
            onChange={setPlanId}
            options={forSale.map((id) => ({ value: id, label: t(`pricing:plans.${id}.name`) }))}
          />
          <Select
            aria-label={t('plan.period')}
            style={{ minWidth: 140 }}
            value={months}
            onChange={setMonths}
            options={view.settings.periods.map((m) => ({
              value: m,
              label: t('plan.months', { count: m, n: n(m) }),
            }))}
          />
        </Flex>
        <GatewayChoice gateways={view.gateways} value={gateway} onChange={setGateway} />
        {quote ? (
          <Typography.Text strong data-testid="plan-amount">
            {t('amount', { amount: money(quote.amountPaisa) })}
            {quote.discountPaisa > 0 ? ` (${t('saved', { amount: money(quote.discountPaisa) })})` : ''}
          </Typography.Text>
        ) : null}
        <div>
          <Button
            type="primary"
            loading={purchase.isPending}
            disabled={!planId}
            onClick={() => planId && purchase.mutate({ kind: 'plan', planId, months, gateway })}
          >
            {view.inForce === planId ? t('plan.renew') : t('plan.pay')}
          </Button>
        </div>
      </Flex>
    </Card>
  );
}

function BuySms({ accountId, view }: { accountId: string; view: BillingView }) {
  const { t } = useTranslation('billing');
  const money = useMoney();
  const { locale } = useLanguage();
  const n = new Intl.NumberFormat(locale).format;
  const [gateway, setGateway] = useState<PaymentGateway>(view.gateways[0] ?? 'sslcommerz');
  const purchase = usePurchase(accountId);
  if (view.gateways.length === 0) return null;
  return (
    <Card title={t('sms.title')}>
      <Typography.Paragraph type="secondary">
        {t('sms.rate', { amount: money(view.settings.smsPricePaisa) })}
      </Typography.Paragraph>
      <Flex vertical gap={12}>
        <GatewayChoice gateways={view.gateways} value={gateway} onChange={setGateway} />
        <Flex wrap gap={12}>
          {view.smsQuotes.map(({ count, quote }) => (
            <Button
              key={count}
              loading={
                purchase.isPending && purchase.variables?.kind === 'sms' && purchase.variables.count === count
              }
              onClick={() => purchase.mutate({ kind: 'sms', count, gateway })}
              data-testid={`sms-pack-${count}`}
            >
              {t('sms.pack', { n: n(count), amount: money(quote.amountPaisa) })}
            </Button>
          ))}
        </Flex>
      </Flex>
    </Card>
  );
}

function Purchases({ view }: { view: BillingView }) {
  const { t } = useTranslation(['billing', 'pricing']);
  const money = useMoney();
  const { locale } = useLanguage();
  const n = new Intl.NumberFormat(locale).format;
  return (
    <Card title={t('purchases.title')}>
      {view.purchases.length === 0 ? (
        <Empty description={t('purchases.none')} />
      ) : (
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: true }}
          dataSource={view.purchases}
          columns={[
            { title: t('purchases.date'), render: (_, p) => formatDate(p.createdAt, locale) },
            {
              title: t('purchases.what'),
              render: (_, p) =>
                p.kind === 'plan'
                  ? t('purchases.plan', {
                      plan: t(`pricing:plans.${p.planId}.name`),
                      months: t('plan.months', { count: p.months ?? 0, n: n(p.months ?? 0) }),
                    })
                  : t('purchases.sms', { n: n(p.smsCount ?? 0) }),
            },
            { title: t('purchases.amount'), render: (_, p) => money(p.amountPaisa) },
            {
              title: t('purchases.status'),
              render: (_, p) => (
                <Tag color={p.status === 'paid' ? 'green' : undefined}>{t(`status.${p.status}`)}</Tag>
              ),
            },
            {
              title: t('purchases.receipt'),
              render: (_, p) =>
                p.status === 'paid' ? (
                  <a href={`${paths.lmsSubscriptionReceipt}?tran=${encodeURIComponent(p.tranId)}`}>
                    {t('purchases.open')}
                  </a>
                ) : null,
            },
          ]}
        />
      )}
    </Card>
  );
}
