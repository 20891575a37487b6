import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

/**
 * The theme settings form (its radios and form code) loads when the theme panel or Settings'
 * appearance section first shows it, not with the signed-in frame (spec part 1 §2.3 "Loading by
 * role" budgets the frame's first load).
 */
const ThemeSettingsForm = lazy(() =>
  import('./theme-settings-form').then((module) => ({ default: module.ThemeSettingsForm })),
);

export function ThemeSettingsPanel() {
  return (
    <Suspense fallback={<Skeleton active />}>
      <ThemeSettingsForm />
    </Suspense>
  );
}
