import { theme as antdTheme } from 'antd';
import { LanguageSwitch } from '../language-switch';
import { ThemeToggle } from '../theme-toggle';

/**
 * Language and dark-mode controls for Ant Design screens (the signed-in app, staff tools): the
 * public site's own, which the first script already carries, rather than Ant Design's Segmented
 * and Switch on the signed-in first load (spec part 1 §2.3 "Loading by role").
 */
export function HeaderTools() {
  const { token } = antdTheme.useToken();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: token.marginSM }}>
      <LanguageSwitch />
      <ThemeToggle />
    </div>
  );
}
