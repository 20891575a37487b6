import { App as AntApp, theme as antdTheme, ConfigProvider } from 'antd';
import bnBD from 'antd/es/locale/bn_BD';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/bn';
import type { ReactNode } from 'react';
import { useLanguage } from '../../lib/use-language';
import { useTheme } from '../../lib/use-theme';

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
const FONT =
  "'Hind Siliguri', system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans Bengali', 'Helvetica Neue', Arial, sans-serif";

export function AntdProvider({ children }: { children: ReactNode }) {
  const { mode, direction } = useTheme();
  const { language } = useLanguage();
  const isDark = mode === 'dark';
  // Month and weekday names of the date and month pickers in the reader's language. Only the
  // names: without dayjs's post-format plugin digits stay ASCII, so the YYYY-MM-DD values sent
  // to the server are never written in Bangla digits.
  dayjs.locale(language === 'bn' ? 'bn' : 'en');
  return (
    <ConfigProvider
      direction={direction}
      locale={language === 'bn' ? bnBD : enUS}
      theme={{
        algorithm: isDark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: {
          colorPrimary: BRAND,
          colorInfo: BRAND,
          fontFamily: FONT,
          borderRadius: 8,
          // The public pages' palette (global.css), so moving between them does not change colour.
          ...(isDark
            ? { colorBgLayout: '#0e1418', colorBgContainer: '#151d22', colorBgElevated: '#1b252b' }
            : { colorBgLayout: '#f6f8f9' }),
        },
      }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
