import { ArrowLeftOutlined } from '@ant-design/icons';
import { addMonths, monthOf } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Select, Skeleton, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { canCollectFees, canManageFees, collectableClassrooms } from '../../lib/app-pages';
import { formatMonth } from '../../lib/billing-month';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import { AdjustModal, AdjustmentList } from './adjustments';
import { CollectPanel } from './collect-panel';
import { DuesLines, type Picks } from './dues-lines';
import { type DueLine, paymentsQuery, studentDuesQuery } from './fees-api';
import { PayLinkCard } from './pay-link-card';
import { PaymentHistory } from './payment-history';

const AHEAD = 12;

/** The counter for one student: what they owe, taking a payment, the receipts. */
export function CounterPage() {
  const work = useWorkAccount();
  const { t } = useTranslation(['fees', 'domain', 'errors']);
  const { studentId = '' } = useParams();
  if (!work) return <PageHeading title={t('counter.title')} />;
  if (!canCollectFees(work.account)) {
    return (
      <>
        <PageHeading title={t('counter.title')} subtitle={work.account.institution} />
        <Alert type="warning" showIcon title={t('noAccess')} />
      </>
    );
  }
  return <Counter account={work.account} studentId={studentId} />;
}

function Counter({ account, studentId }: { account: WorkAccount['account']; studentId: string }) {
  const accountId = account.id;
  // Adjustments, voids and refunds are the owner's and admins'; a collector limited to some
  // classrooms ticks their lines and items set on the student alone (modules/fees/fees.policy.ts).
  const manages = canManageFees(account);
  const limitedTo = collectableClassrooms(account);
  const collects = (line: DueLine) =>
    limitedTo === null || line.classroomId === null || limitedTo.includes(line.classroomId);
  const { t } = useTranslation(['fees', 'domain', 'errors']);
  const { locale } = useLanguage();
  const money = useMoney();
  const thisMonth = monthOf(Date.now());
  const [through, setThrough] = useState(thisMonth);
  const [picks, setPicks] = useState<Picks>({});
  const [adjusting, setAdjusting] = useState<DueLine | null>(null);
  const dues = useQuery(studentDuesQuery(accountId, studentId, through === thisMonth ? undefined : through));
  const payments = useQuery(paymentsQuery(accountId, studentId));
  const back = (
    <Link to="../.." relative="path">
      <Button icon={<ArrowLeftOutlined className="bw-directional" />}>{t('counter.back')}</Button>
    </Link>
  );

  if (dues.isError && !dues.data) {
    return (
      <>
        <PageHeading title={t('counter.title')} extra={back} />
        <QueryError error={dues.error} onRetry={() => void dues.refetch()} />
      </>
    );
  }
  if (!dues.data) {
    return (
      <>
        <PageHeading title={t('counter.title')} extra={back} />
        <Skeleton active paragraph={{ rows: 6 }} data-testid="counter-loading" />
      </>
    );
  }
  const { lines, totals } = dues.data;
  const classroomNames = new Map(
    lines.flatMap((l) =>
      l.classroomId && l.classroomName ? [[l.classroomId, l.classroomName] as const] : [],
    ),
  );
  const aheadOptions = Array.from({ length: AHEAD + 1 }, (_, i) => {
    const month = addMonths(thisMonth, i);
    return {
      value: month,
      label:
        i === 0 ? t('counter.throughNow', { month: formatMonth(month, locale) }) : formatMonth(month, locale),
    };
  });

  return (
    <>
      <PageHeading
        title={dues.data.name}
        subtitle={[t('counter.title'), dues.data.customId].filter(Boolean).join(' · ')}
        extra={back}
      />
      <Flex vertical gap={16}>
        <Card size="small">
          <Flex gap={24} wrap>
            <Statistic title={t('totals.due')} value={money(totals.duePaisa)} data-testid="student-due" />
            <Statistic title={t('totals.paid')} value={money(totals.paidPaisa)} />
            {totals.reducedPaisa > 0 ? (
              <Statistic title={t('totals.reduced')} value={money(totals.reducedPaisa)} />
            ) : null}
            {totals.creditPaisa > 0 ? (
              <Statistic title={t('totals.credit')} value={money(totals.creditPaisa)} />
            ) : null}
          </Flex>
        </Card>
        <Card size="small" title={t('counter.lines')}>
          <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
            <Typography.Text type="secondary">{t('counter.ahead')}</Typography.Text>
            <Select
              aria-label={t('counter.ahead')}
              value={through}
              onChange={(next) => {
                setThrough(next);
                setPicks({});
              }}
              options={aheadOptions}
              style={{ minWidth: 180 }}
              popupMatchSelectWidth={false}
            />
          </Flex>
          <DuesLines
            lines={lines}
            picks={picks}
            onPicks={setPicks}
            onAdjust={manages ? setAdjusting : undefined}
            collects={collects}
          />
        </Card>
        <Card size="small" title={t('collect.title')}>
          <CollectPanel
            accountId={accountId}
            studentId={studentId}
            lines={lines.filter(collects)}
            picks={picks}
            onPicks={setPicks}
          />
        </Card>
        <Card size="small" title={t('history.title')}>
          {payments.isError ? (
            <QueryError error={payments.error} onRetry={() => void payments.refetch()} />
          ) : (
            <PaymentHistory
              accountId={accountId}
              payments={payments.data?.payments ?? []}
              loading={payments.isPending}
              manages={manages}
            />
          )}
        </Card>
        {manages ? (
          <Card size="small" title={t('payLink.title')}>
            <PayLinkCard accountId={accountId} studentId={studentId} />
          </Card>
        ) : null}
        {manages ? (
          <Card size="small" title={t('adjust.listTitle')}>
            <AdjustmentList accountId={accountId} studentId={studentId} classroomNames={classroomNames} />
          </Card>
        ) : null}
      </Flex>
      {adjusting ? (
        <AdjustModal
          accountId={accountId}
          studentId={studentId}
          line={adjusting}
          onClose={() => setAdjusting(null)}
        />
      ) : null}
    </>
  );
}
