import { Card, Col, Flex, Row, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/antd/page-heading';
import { LanguageSelect } from '../../components/language-switch';
import { useSession } from '../../lib/session';
import { InstitutionCard } from './institution-card';
import { PasswordCard } from './password-card';
import { ProfileCard } from './profile-card';

const TABS = ['profile', 'institution', 'appearance'] as const;
type Tab = (typeof TABS)[number];

/**
 * Profile (everyone), institution (owners of an account) and appearance (the interface language
 * and the theme). The tab is in the
 * address (`?tab=`), so the profile menu can link straight to it and a reload keeps it.
 */
export function SettingsPage({
  appearance,
  institutionExtras,
}: {
  appearance: ReactNode;
  /** More cards for the owned account's tab (referrals, SMS sender and sharing), composed by the route. */
  institutionExtras?: (accountId: string) => ReactNode;
}) {
  const { t } = useTranslation('app');
  const { data: session } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  if (!session) return null;
  const owned = session.accounts.find((account) => account.relation === 'owner');
  // Passwords go with e-mail sign-in; people who sign in by a code to their phone have none.
  const hasPassword = session.user.email !== null;
  const available = TABS.filter((tab) => tab !== 'institution' || owned);
  const requested = searchParams.get('tab') as Tab | null;
  const active: Tab = requested && available.includes(requested) ? requested : 'profile';

  const content: Record<Tab, ReactNode> = {
    profile: (
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={hasPassword ? 14 : 24}>
          <ProfileCard session={session} />
        </Col>
        {hasPassword ? (
          <Col xs={24} xl={10}>
            <PasswordCard email={session.user.email} />
          </Col>
        ) : null}
      </Row>
    ),
    institution: owned ? (
      <Flex vertical gap={16}>
        <InstitutionCard key={owned.id} account={owned} />
        {institutionExtras?.(owned.id)}
      </Flex>
    ) : null,
    appearance: (
      <Flex vertical gap={16}>
        <Card title={t('settings.languageCard')} data-testid="settings-language">
          <Flex vertical gap={8} align="start">
            <Typography.Text type="secondary">{t('settings.languageHelp')}</Typography.Text>
            <LanguageSelect />
          </Flex>
        </Card>
        <Card title={t('settings.themeCard')}>{appearance}</Card>
      </Flex>
    ),
  };

  return (
    <>
      <PageHeading title={t('settings.title')} />
      <Tabs
        activeKey={active}
        onChange={(key) => setSearchParams({ tab: key }, { replace: true })}
        items={available.map((tab) => ({
          key: tab,
          label: t(`settings.tabs.${tab}`),
          children: content[tab],
        }))}
      />
    </>
  );
}
