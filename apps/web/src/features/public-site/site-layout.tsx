import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Marketing pages: header, page, footer. No Ant Design here: these are first-load pages. */
export function SiteLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="bw-frame">
      <a href="#main" className="bw-skip-link">
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" style={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
