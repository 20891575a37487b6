import { SwapOutlined } from '@ant-design/icons';
import { App, Select, Typography } from 'antd';
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

/**
 * Says plainly, above every page, whose data an admin is looking at and where what they add goes:
 * one teacher's account, or (their own account chosen) all their teachers, where forms ask which.
 */
export function AdminScopeNote({ session }: { session: Session }) {
  const { t } = useTranslation('app');
  const active = activeAccount(session);
  const words = useWording(active?.accountType);
  if (session.user.profession !== 'Admin' || !active || session.accounts.length < 2) return null;
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }} data-testid="admin-scope-note">
      {active.relation === 'owner'
        ? t('switcher.noteAll', { teachers: words.teachers, teacher: words.teacher })
        : t('switcher.noteOne', { owner: active.ownerName })}
    </Typography.Paragraph>
  );
}
