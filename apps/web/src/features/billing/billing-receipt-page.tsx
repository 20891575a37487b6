import { billingEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AntdProvider } from '../../components/antd/antd-provider';
import { QueryError } from '../../components/antd/query-error';
import { endpointQuery } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/format-time';
import { billingPath, paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';

/** While the gateway's confirmation has not landed, the receipt asks again this often. */
const CONFIRM_POLL_MS = 2_000;

/**
 * `/lms-sub-paid-receipt?tran=…` (spec part 1 §2.3): the receipt of a plan or SMS pack paid to
 * the platform, where the gateway sends the owner back. Until the gateway's report is checked
 * it says the payment is being confirmed, and asks again.
 */
export function BillingReceiptPage() {
  // Link pages sit outside the signed-in app: antd gets its theme and Bangla font here.
  return (
    <AntdProvider>
      <Receipt />
    </AntdProvider>
  );
}

function Receipt() {
  const { t } = useTranslation(['billing', 'pricing', 'domain', 'errors']);
  const { locale } = useLanguage();
  const money = useMoney();
  const [params] = useSearchParams();
  const tranId = params.get('tran') ?? '';
  const { data: session, isPending } = useSession();
  const owned = session?.accounts.find((account) => account.relation === 'owner');
  useDocumentTitle(t('receipt.title'));
  const receipt = useQuery({
    ...endpointQuery(billingEndpoints.receipt, { params: { accountId: owned?.id ?? '', tranId } }),
    enabled: !!owned && tranId !== '',
    retry: false,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'created' || status === 'redirected' ? CONFIRM_POLL_MS : false;
    },
  });
  const back = <Link to={billingPath(session?.user.profession)}>{t('receipt.back')}</Link>;
  if (isPending || receipt.isPending) {
    if (!isPending && (!owned || tranId === ''))
      return (
        <Result
          status="warning"
          title={t('receipt.signIn')}
          extra={<a href={paths.login}>{t('receipt.login')}</a>}
        />
      );
    return <Skeleton active style={{ maxWidth: 640, margin: '24px auto' }} />;
  }
  if (receipt.isError) return <QueryError error={receipt.error} onRetry={() => void receipt.refetch()} />;
  const r = receipt.data;
  const paid = r.status === 'paid';
  const open = r.status === 'created' || r.status === 'redirected';
  return (
    <Flex justify="center" style={{ padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 640 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {paid ? t('receipt.title') : open ? t('receipt.confirming') : t(`status.${r.status}`)}
        </Typography.Title>
        {paid ? null : (
          <Alert
            type={open ? 'info' : 'warning'}
            showIcon
            title={open ? t('receipt.confirmingNote') : t('receipt.notPaid')}
            style={{ marginBottom: 16 }}
          />
        )}
        <Descriptions column={1} size="small" bordered data-testid="billing-receipt">
          <Descriptions.Item label={t('receipt.institution')}>{r.institution}</Descriptions.Item>
          <Descriptions.Item label={t('receipt.owner')}>{r.ownerName}</Descriptions.Item>
          <Descriptions.Item label={t('receipt.item')}>
            {r.kind === 'plan'
              ? t('purchases.plan', {
                  plan: t(`pricing:plans.${r.planId}.name`),
                  months: t('plan.months', {
                    count: r.months ?? 0,
                    n: new Intl.NumberFormat(locale).format(r.months ?? 0),
                  }),
                })
              : t('purchases.sms', { n: new Intl.NumberFormat(locale).format(r.smsCount ?? 0) })}
          </Descriptions.Item>
          <Descriptions.Item label={t('purchases.amount')}>{money(r.amountPaisa)}</Descriptions.Item>
          {r.discountPaisa > 0 ? (
            <Descriptions.Item label={t('receipt.discount')}>{money(r.discountPaisa)}</Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('receipt.gateway')}>{t(`gateways.${r.gateway}`)}</Descriptions.Item>
          <Descriptions.Item label={t('receipt.transaction')}>{r.tranId}</Descriptions.Item>
          {r.gatewayTransactionId ? (
            <Descriptions.Item label={t('receipt.gatewayTransaction')}>
              {r.gatewayTransactionId}
            </Descriptions.Item>
          ) : null}
          {r.paidAt !== null ? (
            <Descriptions.Item label={t('receipt.paidAt')}>
              {formatDateTime(r.paidAt, locale)}
            </Descriptions.Item>
          ) : null}
          {r.planEndsAt !== null ? (
            <Descriptions.Item label={t('receipt.planEnds')}>
              {formatDate(r.planEndsAt, locale)}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
        <Flex wrap gap={12} style={{ marginTop: 16 }}>
          {paid ? <Button onClick={() => window.print()}>{t('receipt.print')}</Button> : null}
          {back}
        </Flex>
      </Card>
    </Flex>
  );
}
