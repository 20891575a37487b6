import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../lib/paths';

/**
 * The status page is the server's own HTML (it must answer when the app or the database does
 * not), so a link inside the app loads it as a page. When this app itself was what the server
 * sent for the address (a development server without the API), it says so instead of looping.
 */
export function ServerStatusHandOff() {
  const { t } = useTranslation('status');
  const firstDocument = performance.getEntriesByType('navigation')[0]?.name || document.URL;
  const servedAsApp = new URL(firstDocument).pathname === window.location.pathname;
  useEffect(() => {
    if (!servedAsApp) window.location.replace(`${paths.serverStatus}${window.location.search}`);
  }, [servedAsApp]);
  return servedAsApp ? <p style={{ padding: 24 }}>{t('title')}</p> : <PageLoader fullScreen />;
}
