import { useTranslation } from 'react-i18next';
import { useTheme } from '../lib/use-theme';
import { MoonIcon, SunIcon } from './icons';

/**
 * Dark-mode toggle (spec part 2 "Theme switch"); the choice is stored locally. Presses are
 * handled by lib/page-controls.ts, which also serves static pages that never load React; CSS
 * shows the icon of the theme a press switches to (global.css, `.bw-theme-*`).
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const { mode } = useTheme();
  const toDark = t('theme.toDark');
  const toLight = t('theme.toLight');
  const label = mode === 'dark' ? toLight : toDark;
  return (
    <button
      type="button"
      className={`bw-icon-btn ${className ?? ''}`}
      data-theme-toggle=""
      data-label-dark={toDark}
      data-label-light={toLight}
      aria-label={label}
      title={label}
    >
      <MoonIcon className="bw-theme-to-dark" />
      <SunIcon className="bw-theme-to-light" />
    </button>
  );
}
