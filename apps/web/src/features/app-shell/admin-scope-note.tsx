import { useTranslation } from 'react-i18next';
import { Paragraph } from '../../components/antd/text';
import { activeAccount, type Session } from '../../lib/session';
import { useWording } from '../../lib/use-wording';

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
    <Paragraph type="secondary" style={{ marginBottom: 12 }} data-testid="admin-scope-note">
      {active.relation === 'owner'
        ? t('switcher.noteAll', { teachers: words.teachers, teacher: words.teacher })
        : t('switcher.noteOne', { owner: active.ownerName })}
    </Paragraph>
  );
}
