import { theme as antdTheme, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useDirection, useLanguage } from '../../lib/use-language';
import { useReducedMotion } from '../../lib/use-reduced-motion';
import { useTheme } from '../../lib/use-theme';
import { useAntdLocale } from './antd-locale';
import { FeedbackApp } from './feedback-app';

/**
 * Ant Design's theme, direction and locale, driven by the same settings as the public pages'
 * CSS variables. Import this only from lazily loaded routes: it is what pulls antd into a chunk,
 * and public pages must not pay for it on their first load.
 */
/**
 * The public pages' light --bw-primary (global.css): white text on it passes WCAG AA, so it also
 * fills avatars and primary buttons in dark mode (the dark algorithm derives the rest).
 */
export const BRAND = '#0b7a70';
/** The page's font stack (global.css), which follows the document's language. */
const FONT = 'var(--bw-font)';

/**
 * Coloured tags write in shade 7 of their palette on shade 1, coloured buttons in shade 6 on
 * white; for these palettes that is under 4.5:1, so both take a shade that passes. Both spellings
 * (green7, green-7) are set: they share one CSS variable and the legacy one is written last.
 */
const PRESET_TEXT = Object.fromEntries(
  Object.entries({
    green: '#237804',
    gold: '#975a00',
    red: '#cf1322',
    blue: '#0958d9',
    cyan: '#006d75',
    orange: '#ad4e00',
    volcano: '#ad2102',
    lime: '#3f6600',
    yellow: '#614700',
  }).flatMap(([name, shade]) =>
    [6, 7].flatMap((step) => [
      [`${name}${step}`, shade],
      [`${name}-${step}`, shade],
    ]),
  ),
);

/**
 * Colours Ant Design derives too light for text (WCAG 2 AA, 4.5:1 on the page, a card and a
 * selected row), set at the token level so every component follows. Light: muted text is the
 * public pages' --bw-muted; the derived "primary background" (a grey #a8bab5 from BRAND) is the
 * public --bw-primary-soft. Dark: white text on BRAND passes, but BRAND as text on a dark card
 * does not, so text-like uses of the primary colour (links, the selected menu item and tab, the
 * current page number) take the public dark --bw-primary-strong instead.
 */
const LIGHT = {
  token: {
    colorBgLayout: '#f6f8f9',
    colorTextTertiary: '#56636f',
    colorTextDescription: '#56636f',
    colorTextQuaternary: '#616d78',
    colorTextPlaceholder: '#616d78',
    colorPrimaryText: '#09655d',
    colorPrimaryBg: '#e3f4f2',
    colorPrimaryBgHover: '#cdebe7',
    colorLink: BRAND,
    colorLinkHover: '#09655d',
    colorError: '#cf1322',
    colorErrorText: '#cf1322',
    colorWarningText: '#975a00',
    // Status tags write their text in the status colour itself.
    colorSuccess: '#237804',
    colorSuccessText: '#237804',
    // Derived from that darker seed these tints turn grey; keep Ant Design's own light greens.
    colorSuccessBg: '#f6ffed',
    colorSuccessBgHover: '#d9f7be',
    colorSuccessBorder: '#b7eb8f',
    ...PRESET_TEXT,
  },
  components: {
    Menu: { itemSelectedBg: '#e3f4f2', itemSelectedColor: '#09655d', subMenuItemSelectedColor: '#09655d' },
  },
};

const DARK_TEXT_PRIMARY = '#5fdccc';
/** Shade 6 fills solid tags and buttons under white text; the dark palette's is too light for it. */
const DARK_SOLID = Object.fromEntries(
  Object.entries({ green: '#237804', gold: '#975a00', red: '#cf1322', blue: '#0958d9' }).flatMap(
    ([name, shade]) => [
      [`${name}6`, shade],
      [`${name}-6`, shade],
    ],
  ),
);
const DARK = {
  token: {
    colorBgLayout: '#0e1418',
    colorBgContainer: '#151d22',
    colorBgElevated: '#1b252b',
    colorTextTertiary: '#9babb3',
    colorTextDescription: '#9babb3',
    colorTextQuaternary: '#8d9aa2',
    colorTextPlaceholder: '#8d9aa2',
    colorPrimaryText: DARK_TEXT_PRIMARY,
    colorPrimaryTextHover: '#8ae8dc',
    colorPrimaryBg: '#11302d',
    colorPrimaryBgHover: '#174440',
    colorLink: DARK_TEXT_PRIMARY,
    colorLinkHover: '#8ae8dc',
    // Red as text (outlined danger buttons, error messages) must be light on a dark card; the
    // fills under it then take dark text (danger buttons) or keep a deep red (count badges).
    colorError: '#ff7875',
    colorErrorText: '#ff7875',
    colorInfoText: DARK_TEXT_PRIMARY,
    ...DARK_SOLID,
  },
  components: {
    Menu: {
      itemSelectedBg: '#11302d',
      itemSelectedColor: DARK_TEXT_PRIMARY,
      subMenuItemSelectedColor: DARK_TEXT_PRIMARY,
    },
    Tabs: {
      itemSelectedColor: DARK_TEXT_PRIMARY,
      itemActiveColor: DARK_TEXT_PRIMARY,
      itemHoverColor: '#8ae8dc',
      inkBarColor: DARK_TEXT_PRIMARY,
    },
    Pagination: { itemActiveColor: DARK_TEXT_PRIMARY },
    Button: {
      defaultHoverColor: DARK_TEXT_PRIMARY,
      defaultActiveColor: DARK_TEXT_PRIMARY,
      dangerColor: '#2a0a0b',
    },
    Badge: { colorError: '#cf1322' },
  },
};

export function AntdProvider({ children }: { children: ReactNode }) {
  const { mode } = useTheme();
  const direction = useDirection();
  const locale = useAntdLocale(useLanguage().language);
  const isDark = mode === 'dark';
  const reducedMotion = useReducedMotion();
  const palette = isDark ? DARK : LIGHT;
  return (
    <ConfigProvider
      direction={direction}
      locale={locale}
      theme={{
        algorithm: isDark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: {
          colorPrimary: BRAND,
          colorInfo: BRAND,
          fontFamily: FONT,
          borderRadius: 8,
          // Dialogs, drawers and menus open without zooming or sliding for a reader who asked for less motion.
          motion: !reducedMotion,
          // The public pages' palette (global.css), so moving between them does not change colour.
          ...palette.token,
        },
        components: palette.components,
      }}
    >
      <FeedbackApp>{children}</FeedbackApp>
    </ConfigProvider>
  );
}
