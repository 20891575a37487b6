import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { theme as antdTheme, Button, Drawer, Grid, Layout } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { HeaderTools } from '../../components/antd/header-tools';
import { BrandMark } from '../../components/icons';
import { PageLoader } from '../../components/page-loader';
import { useSession } from '../../lib/session';
import { useTheme } from '../../lib/theme-store';
import { AppNav } from './app-nav';
import { homeArea } from './home-area';

const { Header, Sider, Content } = Layout;

/**
 * The signed-in frame. Nav style (spec theme setting, URL `nav-style`): `fixed` keeps a full
 * side menu, `mini-sidebar` keeps it collapsed to icons, `drawer` hides it behind a button.
 * Small screens always use the drawer: a fixed menu would leave no room for content.
 */
export function AppShell() {
  const { t } = useTranslation('app');
  const { navStyle } = useTheme();
  const screens = Grid.useBreakpoint();
  const { data: session } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { token } = antdTheme.useToken();
  const area = homeArea(session, location.pathname);
  const useDrawer = navStyle === 'drawer' || !screens.lg;

  const brand = (collapsed: boolean) => (
    <Link
      to={paths.welcome}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 10,
        height: 64,
        paddingInline: collapsed ? 20 : 24,
        color: token.colorText,
        fontWeight: 700,
        fontSize: 18,
      }}
    >
      <BrandMark width={28} height={28} />
      {collapsed ? null : <span>Batchwise</span>}
    </Link>
  );

  return (
    <Layout className="bw-frame" style={{ minHeight: '100vh' }}>
      {useDrawer ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement={document.documentElement.dir === 'rtl' ? 'right' : 'left'}
          size={260}
          title={t('nav.title')}
          styles={{ body: { padding: 0 } }}
        >
          <AppNav area={area} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Sider
          width={248}
          collapsed={navStyle === 'mini-sidebar'}
          collapsedWidth={72}
          theme="light"
          style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
        >
          {brand(navStyle === 'mini-sidebar')}
          <AppNav area={area} />
        </Sider>
      )}
      <Layout>
        <Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            paddingInline: 16,
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {useDrawer ? (
            <>
              <Button
                type="text"
                icon={<MenuOutlined />}
                aria-label={t('nav.open')}
                onClick={() => setDrawerOpen(true)}
              />
              {screens.sm ? brand(false) : null}
            </>
          ) : null}
          <div style={{ marginInlineStart: 'auto', display: 'flex', alignItems: 'center', gap: 12 }}>
            <HeaderTools />
            <Button
              icon={<LogoutOutlined />}
              aria-label={t('nav.signOut')}
              onClick={() => navigate(paths.forceLogout)}
            >
              {screens.md ? t('nav.signOut') : null}
            </Button>
          </div>
        </Header>
        {/* Ant Design's Content renders the <main> element itself. */}
        <Content id="main" style={{ padding: screens.md ? 24 : 16 }}>
          {/* Page chunks suspend here, so the menu stays put while a page loads. */}
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Content>
      </Layout>
    </Layout>
  );
}
