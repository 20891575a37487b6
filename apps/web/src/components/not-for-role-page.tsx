import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import { ErrorScreen } from './error-screen';

/**
 * A page the app has (`page`: its key, named as in the menu), opened by a role that does not get it (an assistant at `…/money`): said
 * plainly, with who it is for and the way back, instead of a 404 that suggests a broken link.
 */
export function NotForRolePage({ page, openTo, home }: { page: string; openTo: string[]; home: string }) {
  const { t, i18n } = useTranslation(['errors', 'app']);
  useDocumentTitle(t('notForRole.title'));
  const roles = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    openTo.map((role) => t(`notForRole.roles.${role}`)),
  );
  return (
    <ErrorScreen
      code="403"
      title={t('notForRole.title')}
      body={t('notForRole.body', { page: t(`app:nav.${page}`), roles })}
      actions={
        <Link to={home} className="bw-btn bw-btn--primary bw-btn--large" data-testid="not-for-role-home">
          {t('notForRole.back')}
        </Link>
      }
    />
  );
}
