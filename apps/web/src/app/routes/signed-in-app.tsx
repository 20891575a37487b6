import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AntdProvider } from '../../components/antd/antd-provider';
import { NotFoundPage } from '../../components/not-found-page';
import { AppShell } from '../../features/app-shell/app-shell';
import type { ProtectedArea } from '../paths';

const DashboardPage = lazy(() =>
  import('../../features/app-shell/dashboard-page').then((module) => ({ default: module.DashboardPage })),
);
const ThemeSettingsPage = lazy(() =>
  import('../../features/app-shell/theme-settings-page').then((module) => ({
    default: module.ThemeSettingsPage,
  })),
);

/**
 * The signed-in app's own route table, relative to the area it was mounted under (`/teacher/*`
 * → `dashboard`). Its catch-all keeps unknown paths inside the app on the app's 404 page.
 */
export function SignedInApp({ area }: { area: ProtectedArea }) {
  return (
    <AntdProvider>
      <Routes>
        <Route element={<AppShell />}>
          {area === 'settings' ? (
            <Route index element={<ThemeSettingsPage />} />
          ) : (
            <>
              <Route index element={<Navigate to="dashboard" replace />} />
              <Route path="dashboard" element={<DashboardPage area={area} />} />
            </>
          )}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </AntdProvider>
  );
}
