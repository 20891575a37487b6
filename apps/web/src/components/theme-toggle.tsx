import { useTranslation } from 'react-i18next';
import { updateTheme, useTheme } from '../lib/theme-store';
import { MoonIcon, SunIcon } from './icons';

/** Dark-mode toggle (spec part 2 "Theme switch"); the choice is stored locally. */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const { mode } = useTheme();
  const isDark = mode === 'dark';
  const label = isDark ? t('theme.toLight') : t('theme.toDark');
  const handleClick = () => updateTheme({ mode: isDark ? 'light' : 'dark' });
  return (
    <button
      type="button"
      className={`bw-icon-btn ${className ?? ''}`}
      onClick={handleClick}
      aria-label={label}
      title={label}
    >
      {isDark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
