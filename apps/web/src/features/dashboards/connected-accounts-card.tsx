import { App, Button, Card, Flex, Grid, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlainList } from '../../components/antd/plain-list';
import type { Session } from '../../lib/session';
import { translateError } from '../../lib/translate-error';
import { useSwitchAccount } from '../../lib/use-switch-account';

/** An admin's teachers (or an assistant's accounts), with the active one marked. */
export function ConnectedAccountsCard({ session, activeId }: { session: Session; activeId: string }) {
  const { t } = useTranslation(['app', 'domain', 'errors']);
  const { message } = App.useApp();
  // On narrow screens the buttons go under the text instead of squeezing it.
  const stacked = !Grid.useBreakpoint().md;
  const switchAccount = useSwitchAccount();
  const handleOpen = (accountId: string) =>
    switchAccount.mutate(accountId, { onError: (error) => void message.error(translateError(t, error)) });
  return (
    <Card title={t('dashboard.accounts.title')} style={{ height: '100%' }}>
      <PlainList
        items={session.accounts}
        rowKey={(account) => account.id}
        row={(account) => (
          <Flex
            vertical={stacked}
            justify="space-between"
            align={stacked ? 'flex-start' : 'center'}
            gap={stacked ? 8 : 16}
          >
            <div>
              <Typography.Text strong>{account.institution}</Typography.Text>
              <br />
              <Typography.Text type="secondary">
                {`${account.ownerName} · ${t(`dashboard.accounts.relation.${account.relation}`)}`}
              </Typography.Text>
            </div>
            {account.id === activeId ? (
              <Tag color="green">{t('dashboard.accounts.active')}</Tag>
            ) : (
              <Button
                size="small"
                loading={switchAccount.isPending && switchAccount.variables === account.id}
                onClick={() => handleOpen(account.id)}
              >
                {t('dashboard.accounts.open')}
              </Button>
            )}
          </Flex>
        )}
      />
    </Card>
  );
}
