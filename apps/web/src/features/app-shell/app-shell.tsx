import { BgColorsOutlined, MenuOutlined } from '@ant-design/icons';
import { theme as antdTheme, Button, Grid, Layout, Tooltip } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { HeaderTools } from '../../components/antd/header-tools';
import { Text } from '../../components/antd/text';
import { BrandMark } from '../../components/icons';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../lib/paths';
import { activeAccount, useSession } from '../../lib/session';
import { useDirection } from '../../lib/use-language';
import { useLiveUpdates } from '../../lib/use-live-updates';
import { useTheme } from '../../lib/use-theme';
import { AdminScopeNote } from './admin-scope-note';
import { AppNav } from './app-nav';
import { homeArea } from './home-area';
import { ImpersonationBanner } from './impersonation-banner';
import { ProfileMenu } from './profile-menu';
import { ThemeSettingsPanel } from './theme-settings-panel';

const { Header, Sider, Content } = Layout;

/**
 * The switcher's select (with its virtual list) loads beside the frame instead of in it: only
 * admins and assistants of two teachers see it, and the frame's first load is budgeted (spec
 * part 1 §2.3 "Loading by role").
 */
const AccountSwitcher = lazy(() =>
  import('./account-switcher').then((module) => ({ default: module.AccountSwitcher })),
);

/**
 * The drawers (the menu on small screens, the theme panel) load when first opened: closed, they
 * show nothing, and the frame's first load is budgeted (spec part 1 §2.3 "Loading by role").
 */
const Drawer = lazy(() => import('antd/es/drawer'));

/** True from the first time `open` is, so a drawer stays mounted and can animate closed. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}

/**
 * The signed-in frame. Nav style (spec theme setting, URL `nav-style`): `fixed` keeps a full
 * side menu, `mini-sidebar` keeps it collapsed to icons, `drawer` hides it behind a button.
 * Small screens always use the drawer: a fixed menu would leave no room for content. `notice`
 * (composed by the route table) sits in the page flow above every page, so it never covers one.
 */
export function AppShell({ notice }: { notice?: ReactNode }) {
  const { t } = useTranslation('app');
  const { navStyle } = useTheme();
  const direction = useDirection();
  const screens = Grid.useBreakpoint();
  const { data: session } = useSession();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [themeOpen, setThemeOpen] = useState(false);
  const navOpened = useOpenedOnce(drawerOpen);
  const themeOpened = useOpenedOnce(themeOpen);
  const { token } = antdTheme.useToken();
  // Live updates run for as long as the signed-in frame is on screen.
  useLiveUpdates(session !== undefined);

  if (!session) return <PageLoader fullScreen />;
  const area = homeArea(session, location.pathname);
  const useDrawer = navStyle === 'drawer' || !screens.lg;
  const account = activeAccount(session);
  const showSwitcher = session.accounts.length > 1;

  const brand = (collapsed: boolean) => (
    <Link
      to={paths.welcome}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 10,
        height: 64,
        paddingInline: collapsed ? 22 : 24,
        color: token.colorText,
        fontWeight: 700,
        fontSize: 18,
      }}
    >
      <BrandMark width={28} height={28} />
      {collapsed ? null : <span>Batchwise</span>}
    </Link>
  );

  const institution =
    account && !collapsedNav(navStyle, useDrawer) ? (
      <Text
        type="secondary"
        ellipsis
        style={{ display: 'block', paddingInline: 24, paddingBottom: 8, fontSize: 13 }}
      >
        {account.institution}
      </Text>
    ) : null;

  return (
    <Layout className="bw-frame" style={{ minHeight: '100vh' }}>
      {useDrawer ? (
        navOpened ? (
          <Suspense fallback={null}>
            <Drawer
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              placement={direction === 'rtl' ? 'right' : 'left'}
              size={260}
              title={t('nav.title')}
              styles={{ body: { padding: 0 } }}
            >
              {institution}
              <AppNav area={area} session={session} onNavigate={() => setDrawerOpen(false)} />
            </Drawer>
          </Suspense>
        ) : null
      ) : (
        <Sider
          width={248}
          collapsed={navStyle === 'mini-sidebar'}
          collapsedWidth={72}
          theme="light"
          style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
        >
          {brand(navStyle === 'mini-sidebar')}
          {institution}
          <AppNav area={area} session={session} />
        </Sider>
      )}
      <Layout>
        <ImpersonationBanner session={session} />
        <Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: screens.sm ? 12 : 6,
            paddingInline: screens.sm ? 16 : 8,
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
          {showSwitcher && screens.md ? (
            <Suspense fallback={null}>
              <AccountSwitcher session={session} />
            </Suspense>
          ) : null}
          <div
            style={{
              marginInlineStart: 'auto',
              display: 'flex',
              alignItems: 'center',
              gap: screens.sm ? 12 : 4,
            }}
          >
            <HeaderTools />
            <Tooltip title={t('themePanel.open')}>
              <Button
                type="text"
                icon={<BgColorsOutlined />}
                aria-label={t('themePanel.open')}
                onClick={() => setThemeOpen(true)}
              />
            </Tooltip>
            <ProfileMenu session={session} area={area} showName={Boolean(screens.lg)} />
          </div>
        </Header>
        {showSwitcher && !screens.md ? (
          <div
            style={{
              padding: '8px 12px',
              background: token.colorBgContainer,
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <Suspense fallback={null}>
              <AccountSwitcher session={session} block />
            </Suspense>
          </div>
        ) : null}
        {/* Ant Design's Content renders the <main> element itself. */}
        <Content id="main" style={{ padding: screens.md ? 24 : 12 }}>
          <AdminScopeNote session={session} />
          {/* Notices above the page may suspend until they know whether to show (the verification
              notice asks the server): the first page waits for them here, so a notice never
              arrives after the page and pushes it down (a layout shift). */}
          <Suspense fallback={<PageLoader />}>
            {notice}
            {/* Page chunks suspend here, so the menu and notices stay put while a page loads. */}
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Suspense>
        </Content>
      </Layout>
      {themeOpened ? (
        <Suspense fallback={null}>
          <Drawer
            open={themeOpen}
            onClose={() => setThemeOpen(false)}
            placement={direction === 'rtl' ? 'left' : 'right'}
            size={360}
            title={t('themePanel.title')}
          >
            <ThemeSettingsPanel />
          </Drawer>
        </Suspense>
      ) : null}
    </Layout>
  );
}

function collapsedNav(navStyle: string, useDrawer: boolean): boolean {
  return !useDrawer && navStyle === 'mini-sidebar';
}
