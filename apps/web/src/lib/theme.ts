/**
 * Theme settings (spec: dark or light; layout full, boxed or framed; direction LTR or RTL;
 * taken from settings or from the URL params `theme`, `nav-style` and `layout-type`).
 * Pure functions only, so the rules are unit-tested without a browser.
 */

export const THEME_MODES = ['light', 'dark'] as const;
export const LAYOUT_TYPES = ['full', 'boxed', 'framed'] as const;
/** How the signed-in app shows its side navigation. */
export const NAV_STYLES = ['fixed', 'mini-sidebar', 'drawer'] as const;
export const DIRECTIONS = ['ltr', 'rtl'] as const;

export type ThemeMode = (typeof THEME_MODES)[number];
export type LayoutType = (typeof LAYOUT_TYPES)[number];
export type NavStyle = (typeof NAV_STYLES)[number];
export type Direction = (typeof DIRECTIONS)[number];

export interface ThemeSettings {
  mode: ThemeMode;
  layout: LayoutType;
  navStyle: NavStyle;
  direction: Direction;
}

export const DEFAULT_THEME: ThemeSettings = {
  mode: 'light',
  layout: 'full',
  navStyle: 'fixed',
  direction: 'ltr',
};

/** localStorage keys; the first three match their URL params so a link and a setting read alike. */
export const THEME_STORAGE_KEYS: Record<keyof ThemeSettings, string> = {
  mode: 'theme',
  layout: 'layout-type',
  navStyle: 'nav-style',
  direction: 'direction',
};

/** Only these settings may come from the URL; direction is a stored setting in the spec. */
const URL_PARAMS: Partial<Record<keyof ThemeSettings, string>> = {
  mode: 'theme',
  layout: 'layout-type',
  navStyle: 'nav-style',
};

const ALLOWED: { [K in keyof ThemeSettings]: readonly ThemeSettings[K][] } = {
  mode: THEME_MODES,
  layout: LAYOUT_TYPES,
  navStyle: NAV_STYLES,
  direction: DIRECTIONS,
};

/** Older links say `lite` for the light theme. */
const ALIASES: Record<string, string> = { lite: 'light' };

function parse<K extends keyof ThemeSettings>(
  key: K,
  raw: string | null | undefined,
): ThemeSettings[K] | null {
  if (!raw) return null;
  const value = raw.trim().toLowerCase();
  const normalised = ALIASES[value] ?? value;
  const allowed = ALLOWED[key] as readonly string[];
  return allowed.includes(normalised) ? (normalised as ThemeSettings[K]) : null;
}

/** The part of `Storage` we read, so tests can pass a plain object. */
export type ReadStorage = Pick<Storage, 'getItem'>;

/**
 * URL param, else stored value, else default. Invalid values are ignored rather than reported:
 * a mistyped link should still open the page.
 */
export function resolveTheme(storage: ReadStorage | null, params: URLSearchParams): ThemeSettings {
  const pick = <K extends keyof ThemeSettings>(key: K): ThemeSettings[K] => {
    const param = URL_PARAMS[key];
    return (
      (param ? parse(key, params.get(param)) : null) ??
      parse(key, storage?.getItem(THEME_STORAGE_KEYS[key])) ??
      DEFAULT_THEME[key]
    );
  };
  return {
    mode: pick('mode'),
    layout: pick('layout'),
    navStyle: pick('navStyle'),
    direction: pick('direction'),
  };
}
