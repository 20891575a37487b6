import { SwapOutlined } from '@ant-design/icons';
import { App, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { activeAccount, type Session } from '../../lib/session';
import { translateError } from '../../lib/translate-error';
import { useSwitchAccount } from '../../lib/use-switch-account';
import { useWording } from '../../lib/use-wording';

/**
 * Admins work on one of their teachers' accounts at a time (spec part 1 §4: the first teacher is
 * active by default), and the choice scopes every page (lib/use-work-account.ts); their own
 * account stands for all their teachers at once. Choosing another stores the choice on the
 * session and reloads what depends on it. Shown to anyone who reaches more than one account
 * (assistants of two teachers too).
 */
export function AccountSwitcher({ session, block }: { session: Session; block?: boolean }) {
  const { t } = useTranslation(['app', 'domain', 'errors']);
  const { message } = App.useApp();
  const active = activeAccount(session);
  const switchAccount = useSwitchAccount();
  const words = useWording(active?.accountType);

  if (session.accounts.length < 2 || !active) return null;
  const admin = session.user.profession === 'Admin';
  const options = session.accounts.map((account) => ({
    value: account.id,
    label:
      account.relation !== 'owner'
        ? t('switcher.other', { institution: account.institution, owner: account.ownerName })
        : admin
          ? t('switcher.allTeachers', { teachers: words.teachers, institution: account.institution })
          : t('switcher.own', { institution: account.institution }),
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
