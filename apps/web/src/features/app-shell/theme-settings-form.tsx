import { Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DIRECTIONS, LAYOUT_TYPES, NAV_STYLES, THEME_MODES, type ThemeSettings } from '../../lib/theme';
import { updateTheme } from '../../lib/theme-store';
import { useTheme } from '../../lib/use-theme';

const OPTIONS: { [K in keyof ThemeSettings]: readonly ThemeSettings[K][] } = {
  mode: THEME_MODES,
  layout: LAYOUT_TYPES,
  navStyle: NAV_STYLES,
  direction: DIRECTIONS,
};

const FIELDS = ['mode', 'layout', 'navStyle', 'direction'] as const;

/** Theme settings (spec part 1 §2.4): each change applies at once and is kept on this device. */
export function ThemeSettingsForm() {
  const { t } = useTranslation('app');
  const theme = useTheme();
  return (
    <>
      <Typography.Paragraph type="secondary">{t('settings.themeHint')}</Typography.Paragraph>
      <Form layout="vertical">
        {FIELDS.map((field) => (
          <Form.Item key={field} label={t(`settings.fields.${field}`)}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              value={theme[field]}
              onChange={(event) => updateTheme({ [field]: event.target.value })}
              options={OPTIONS[field].map((value) => ({ value, label: t(`settings.values.${value}`) }))}
            />
          </Form.Item>
        ))}
      </Form>
    </>
  );
}
