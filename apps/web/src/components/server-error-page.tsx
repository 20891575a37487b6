import { useTranslation } from 'react-i18next';
import { paths } from '../lib/paths';
import { useDocumentTitle } from '../lib/use-document-title';
import { ErrorScreen } from './error-screen';

/**
 * The 500 page. It may render outside the router (top-level error boundary), so its actions are
 * plain links and a reload: a full page load also clears whatever state broke.
 */
export function ServerErrorPage({ fullScreen = true }: { fullScreen?: boolean }) {
  const { t } = useTranslation('errors');
  useDocumentTitle(t('serverError.title'));
  return (
    <div className="bw-frame">
      <ErrorScreen
        fullScreen={fullScreen}
        code="500"
        title={t('serverError.title')}
        body={t('serverError.body')}
        actions={
          <>
            <a href={paths.root} className="bw-btn bw-btn--primary bw-btn--large">
              {t('goHome')}
            </a>
            <button
              type="button"
              className="bw-btn bw-btn--ghost bw-btn--large"
              onClick={() => window.location.reload()}
            >
              {t('tryAgain')}
            </button>
          </>
        }
      />
    </div>
  );
}
