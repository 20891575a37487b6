import { referralEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { endpointQuery } from '../../lib/api-client';
import { useLanguage } from '../../lib/use-language';

/**
 * The account's referral link and code (spec part 2 §3 `Referrals`, `ReferredBy`): who signed up
 * with it, and the SMS its plan rewards once a referred account makes its first payment.
 */
export function ReferralCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation(['referrals', 'domain', 'errors']);
  const { locale } = useLanguage();
  const summary = useQuery(endpointQuery(referralEndpoints.summary, { params: { accountId } }));
  const n = new Intl.NumberFormat(locale).format;
  return (
    <Card title={t('referral.title')} data-testid="referral-card">
      {summary.isPending ? (
        <Skeleton active />
      ) : summary.isError ? (
        <QueryError error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {t('referral.hint', {
              count: summary.data.rewardPerReferralSms,
              n: n(summary.data.rewardPerReferralSms),
            })}
          </Typography.Paragraph>
          <Typography.Text strong>{t('referral.link')}</Typography.Text>
          <Typography.Paragraph
            copyable={{ text: summary.data.link, tooltips: [t('referral.copy'), t('referral.copied')] }}
            data-testid="referral-link"
            style={{ wordBreak: 'break-all' }}
          >
            {summary.data.link}
          </Typography.Paragraph>
          <Typography.Text strong>{t('referral.code')}</Typography.Text>
          <Typography.Paragraph copyable={{ tooltips: [t('referral.copy'), t('referral.copied')] }} code>
            {summary.data.code}
          </Typography.Paragraph>
          {summary.data.signedUp === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('referral.empty')} />
          ) : (
            <Row gutter={[16, 16]}>
              <Col xs={12}>
                <Statistic title={t('referral.signedUp')} value={n(summary.data.signedUp)} />
              </Col>
              <Col xs={12}>
                <Statistic
                  title={t('referral.earned')}
                  value={t('referral.earnedValue', {
                    count: summary.data.rewardSms,
                    n: n(summary.data.rewardSms),
                  })}
                />
              </Col>
            </Row>
          )}
        </>
      )}
    </Card>
  );
}
