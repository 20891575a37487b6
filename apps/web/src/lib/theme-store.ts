import { DEFAULT_LANGUAGE, documentDirection, normaliseLanguage } from './language';
import { DEFAULT_THEME, resolveTheme, THEME_STORAGE_KEYS, type ThemeSettings } from './theme';

/**
 * The theme lives outside React so the public pages (CSS variables on <html>) and the signed-in
 * app (Ant Design's ConfigProvider) read one value and change together. No React import here:
 * static marketing pages change the theme without loading React (use-theme.ts is the hook).
 */

let current: ThemeSettings = DEFAULT_THEME;
const listeners = new Set<() => void>();

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be blocked (privacy mode, sandboxed frames); the theme still works per visit.
    return null;
  }
}

/** Public pages style themselves from these attributes, so no styling library is needed there. */
export function applyThemeToDocument(
  theme: ThemeSettings,
  root: HTMLElement = document.documentElement,
): void {
  root.dataset.theme = theme.mode;
  root.dataset.layout = theme.layout;
  root.dataset.navStyle = theme.navStyle;
  // A right-to-left language turns the page right to left whatever the theme's setting.
  root.dir = documentDirection(normaliseLanguage(root.lang) ?? DEFAULT_LANGUAGE, theme.direction);
  root.style.colorScheme = theme.mode;
}

/** Called once before the first render. URL overrides apply to this visit and are not stored. */
export function initTheme(): ThemeSettings {
  current = resolveTheme(safeStorage(), new URLSearchParams(window.location.search));
  applyThemeToDocument(current);
  return current;
}

export function getTheme(): ThemeSettings {
  return current;
}

/** A user's choice: only the changed settings are stored, so a URL override is not saved by accident. */
export function updateTheme(patch: Partial<ThemeSettings>): void {
  current = { ...current, ...patch };
  const storage = safeStorage();
  for (const key of Object.keys(patch) as (keyof ThemeSettings)[]) {
    try {
      storage?.setItem(THEME_STORAGE_KEYS[key], String(current[key]));
    } catch {
      // Quota or privacy errors: the change still applies to this visit.
    }
  }
  applyThemeToDocument(current);
  for (const listener of listeners) listener();
}

export function subscribeToTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
