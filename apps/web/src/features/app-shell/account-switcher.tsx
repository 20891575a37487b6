import { SwapOutlined } from '@ant-design/icons';
import { App, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { activeAccount, type Session } from '../../lib/session';
import { translateError } from '../../lib/translate-error';
import { useSwitchAccount } from '../../lib/use-switch-account';

/**
 * Admins work on one of their teachers' accounts at a time (spec part 1 §4: the first teacher is
 * active by default). Choosing another stores the choice on the session and reloads what
 * depends on it. Shown to anyone who reaches more than one account (assistants of two teachers too).
 */
export function AccountSwitcher({ session, block }: { session: Session; block?: boolean }) {
  const { t } = useTranslation(['app', 'domain', 'errors']);
  const { message } = App.useApp();
  const active = activeAccount(session);
  const switchAccount = useSwitchAccount();

  if (session.accounts.length < 2 || !active) return null;
  const options = session.accounts.map((account) => ({
    value: account.id,
    label:
      account.relation === 'owner'
        ? t('switcher.own', { institution: account.institution })
        : t('switcher.other', { institution: account.institution, owner: account.ownerName }),
  }));
  return (
    <Select
      aria-label={t('switcher.label')}
      value={switchAccount.isPending ? switchAccount.variables : active.id}
      loading={switchAccount.isPending}
      disabled={switchAccount.isPending}
      onChange={(accountId: string) =>
        switchAccount.mutate(accountId, { onError: (error) => void message.error(translateError(t, error)) })
      }
      options={options}
      suffixIcon={<SwapOutlined />}
      popupMatchSelectWidth={false}
      style={block ? { width: '100%' } : { width: 260 }}
      data-testid="account-switcher"
    />
  );
}
