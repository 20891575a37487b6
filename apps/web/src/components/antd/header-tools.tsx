import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Segmented, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../lib/language';
import { updateTheme } from '../../lib/theme-store';
import { useLanguage } from '../../lib/use-language';
import { useTheme } from '../../lib/use-theme';

/** Language and dark-mode controls for Ant Design screens (the signed-in app, staff tools). */
export function HeaderTools() {
  const { t } = useTranslation('common');
  const { language, setLanguage } = useLanguage();
  const { mode } = useTheme();
  const handleLanguageChange = (value: string) => {
    if (isLanguage(value)) setLanguage(value);
  };
  return (
    <Space size="middle" wrap>
      <Segmented
        aria-label={t('language.label')}
        value={language}
        onChange={handleLanguageChange}
        options={LANGUAGES.map((option) => ({
          value: option,
          label: <span lang={option}>{LANGUAGE_NAMES[option]}</span>,
        }))}
      />
      <Switch
        aria-label={t('theme.dark')}
        title={mode === 'dark' ? t('theme.toLight') : t('theme.toDark')}
        checked={mode === 'dark'}
        onChange={(checked) => updateTheme({ mode: checked ? 'dark' : 'light' })}
        checkedChildren={<MoonOutlined />}
        unCheckedChildren={<SunOutlined />}
      />
    </Space>
  );
}
