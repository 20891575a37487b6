import { theme as antdTheme, Card, Layout, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeaderTools } from '../../components/antd/header-tools';
import { BrandMark } from '../../components/icons';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { OutboxList } from './outbox-list';

/**
 * Development outbox: what the console mail and SMS drivers would have sent. Public for now so
 * a newcomer can read sign-up codes without an account; it becomes staff-only with the staff issue.
 */
export function OutboxPage() {
  const { t } = useTranslation('dev');
  const { token } = antdTheme.useToken();
  useDocumentTitle(t('title'));
  return (
    <Layout className="bw-frame" style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 12,
          paddingInline: 20,
          height: 'auto',
          minHeight: 64,
          flexWrap: 'wrap',
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Link
          to={paths.welcome}
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 10,
            color: token.colorText,
            fontWeight: 700,
            fontSize: 18,
          }}
        >
          <BrandMark width={28} height={28} />
          <span>Batchwise</span>
        </Link>
        <HeaderTools />
      </Layout.Header>
      <Layout.Content id="main" style={{ padding: 20, maxWidth: 960, width: '100%', marginInline: 'auto' }}>
        <Typography.Title level={2} style={{ marginTop: 8 }}>
          {t('title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        <Card>
          <Tabs
            items={[
              { key: 'mail', label: t('tabs.mail'), children: <OutboxList kind="mail" /> },
              { key: 'sms', label: t('tabs.sms'), children: <OutboxList kind="sms" /> },
            ]}
          />
        </Card>
      </Layout.Content>
    </Layout>
  );
}
