import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/page-loader';

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
    <Suspense fallback={<PageLoader />}>
      <ThemeSettingsForm />
    </Suspense>
  );
}
