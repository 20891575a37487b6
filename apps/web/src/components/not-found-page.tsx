import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { useDocumentTitle } from '../lib/use-document-title';
import { ErrorScreen } from './error-screen';

export function NotFoundPage() {
  const { t } = useTranslation('errors');
  useDocumentTitle(t('notFound.title'));
  return (
    <ErrorScreen
      code="404"
      title={t('notFound.title')}
      body={t('notFound.body')}
      actions={
        <Link to={paths.root} className="bw-btn bw-btn--primary bw-btn--large">
          {t('goHome')}
        </Link>
      }
    />
  );
}
