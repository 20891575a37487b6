import { Card, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProtectedArea } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Each role's dashboard, as a titled page until the dashboards issue fills it. */
export function DashboardPage({ area }: { area: ProtectedArea }) {
  const { t } = useTranslation('app');
  const title = t(`dashboard.titles.${area}`);
  useDocumentTitle(title);
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Card>
        <Result status="info" title={t('dashboard.welcome')} subTitle={t('dashboard.comingSoon')} />
      </Card>
    </>
  );
}
