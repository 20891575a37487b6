import { App, Button, Card, Grid, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
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
      <List
        itemLayout={stacked ? 'vertical' : 'horizontal'}
        dataSource={session.accounts}
        renderItem={(account) => (
          <List.Item
            key={account.id}
            style={{ paddingInline: 0 }}
            actions={
              account.id === activeId
                ? [
                    <Tag key="active" color="green">
                      {t('dashboard.accounts.active')}
                    </Tag>,
                  ]
                : [
                    <Button
                      key="open"
                      size="small"
                      loading={switchAccount.isPending && switchAccount.variables === account.id}
                      onClick={() => handleOpen(account.id)}
                    >
                      {t('dashboard.accounts.open')}
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta
              title={<Typography.Text strong>{account.institution}</Typography.Text>}
              description={`${account.ownerName} · ${t(`dashboard.accounts.relation.${account.relation}`)}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
