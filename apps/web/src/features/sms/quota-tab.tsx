import type { SmsQuota } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { formatDateTime } from '../../lib/format-time';
import { usePageDigits } from '../../lib/use-digits';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import { quotaQuery } from './sms-api';
import { UsageBars, usageLabel } from './usage-bars';

type LedgerEntry = SmsQuota['ledger'][number];

/** The account's SMS balance, its rate, who shares quota with it, usage and every change to it. */
export function QuotaTab({ accountId }: { accountId: string }) {
  const { t } = useTranslation(['sms', 'domain', 'errors']);
  const quota = useQuery(quotaQuery(accountId));
  if (quota.isError && !quota.data)
    return <QueryError error={quota.error} onRetry={() => void quota.refetch()} />;
  if (!quota.data) return <Skeleton active aria-label={t('quota.loading')} />;
  return <QuotaBody quota={quota.data} />;
}

function QuotaBody({ quota }: { quota: SmsQuota }) {
  const { t } = useTranslation('sms');
  const pageDigits = usePageDigits();
  const { locale } = useLanguage();
  const money = useMoney();
  const n = (value: number) => value.toLocaleString(locale);
  const signed = (value: number) => (value > 0 ? `+${n(value)}` : value < 0 ? `−${n(-value)}` : n(0));
  return (
    <>
      <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={8}>
          <Card size="small">
            <Statistic title={t('quota.balance')} value={n(quota.balance)} />
          </Card>
        </Col>
        <Col xs={24} sm={8}>
          <Card size="small">
            <Statistic title={t('quota.rate')} value={money(quota.ratePaisa)} />
          </Card>
        </Col>
        <Col xs={24} sm={8}>
          <Card size="small">
            <Statistic
              title={t('quota.sharedFrom')}
              value={quota.sharedFrom ? quota.sharedFrom.institution : t('quota.notShared')}
              styles={{ content: { fontSize: 18 } }}
            />
            {quota.sharedFrom ? (
              <Typography.Text type="secondary">
                {t('quota.sharedBalance', { formatted: n(quota.sharedFrom.balance) })}
              </Typography.Text>
            ) : null}
          </Card>
        </Col>
      </Row>
      <Row gutter={[24, 24]} style={{ marginBottom: 24 }}>
        <Col xs={24} lg={12}>
          <UsageBars
            title={t('quota.byDay')}
            period={t('quota.day')}
            bars={quota.usage.byDay.map((d) => ({
              key: d.day,
              label: usageLabel(d.day, locale),
              parts: d.parts,
            }))}
          />
        </Col>
        <Col xs={24} lg={12}>
          <UsageBars
            title={t('quota.byMonth')}
            period={t('quota.month')}
            bars={quota.usage.byMonth.map((m) => ({
              key: m.month,
              label: usageLabel(m.month, locale),
              parts: m.parts,
            }))}
          />
        </Col>
      </Row>
      <Typography.Title level={5}>{t('quota.ledger')}</Typography.Title>
      <Table<LedgerEntry>
        rowKey="id"
        size="small"
        dataSource={quota.ledger}
        scroll={{ x: 'max-content' }}
        pagination={
          quota.ledger.length > 20 ? { pageSize: 20, showSizeChanger: false, ...pageDigits } : false
        }
        locale={{ emptyText: <Empty description={t('quota.noLedger')} /> }}
        columns={[
          {
            key: 'when',
            title: t('quota.columns.when'),
            render: (_, e) => formatDateTime(e.createdAt, locale),
          },
          { key: 'reason', title: t('quota.columns.reason'), render: (_, e) => t(`reasons.${e.reason}`) },
          {
            key: 'delta',
            title: t('quota.columns.delta'),
            align: 'end',
            render: (_, e) => (
              <Typography.Text type={e.delta < 0 ? 'danger' : 'success'}>{signed(e.delta)}</Typography.Text>
            ),
          },
          {
            key: 'balance',
            title: t('quota.columns.balanceAfter'),
            align: 'end',
            render: (_, e) => n(e.balanceAfter),
          },
          { key: 'who', title: t('quota.columns.who'), render: (_, e) => e.actorName ?? '—' },
          { key: 'note', title: t('quota.columns.note'), render: (_, e) => e.note ?? '—' },
        ]}
      />
    </>
  );
}
