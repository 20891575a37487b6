import type { Locale } from 'antd/es/locale';
import bnBD from 'antd/es/locale/bn_BD';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/bn';
import { useEffect, useState } from 'react';
import type { Language } from '../../lib/language';

/**
 * Ant Design's texts (pagination, pickers, empty states) and dayjs's month and weekday names per
 * language. English and Bangla come with the first load; the other languages' files load when a
 * reader picks one, so the en/bn first load does not grow with every language added.
 */
const LAZY: Partial<Record<Language, () => Promise<{ antd: Locale; dayjs: string }>>> = {
  zh: async () => {
    const [antd] = await Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
    return { antd: antd.default, dayjs: 'zh-cn' };
  },
  ar: async () => {
    const [antd] = await Promise.all([import('antd/es/locale/ar_EG'), import('dayjs/locale/ar')]);
    return { antd: antd.default, dayjs: 'ar' };
  },
  it: async () => {
    const [antd] = await Promise.all([import('antd/es/locale/it_IT'), import('dayjs/locale/it')]);
    return { antd: antd.default, dayjs: 'it' };
  },
  es: async () => {
    const [antd] = await Promise.all([import('antd/es/locale/es_ES'), import('dayjs/locale/es')]);
    return { antd: antd.default, dayjs: 'es' };
  },
  fr: async () => {
    const [antd] = await Promise.all([import('antd/es/locale/fr_FR'), import('dayjs/locale/fr')]);
    return { antd: antd.default, dayjs: 'fr' };
  },
};

const BUNDLED: Partial<Record<Language, { antd: Locale; dayjs: string }>> = {
  en: { antd: enUS, dayjs: 'en' },
  bn: { antd: bnBD, dayjs: 'bn' },
};
const loaded = new Map(Object.entries(BUNDLED)) as Map<Language, { antd: Locale; dayjs: string }>;

/**
 * The antd locale for a language (English until another language's file has arrived). Sets
 * dayjs's global locale to match: only the names change, since without dayjs's post-format
 * plugin digits stay ASCII, so the YYYY-MM-DD values sent to the server never change script.
 */
export function useAntdLocale(language: Language): Locale {
  const [, arrived] = useState(0);
  const ready = loaded.get(language);
  useEffect(() => {
    const load = LAZY[language];
    if (loaded.has(language) || !load) return;
    let current = true;
    void load().then((locale) => {
      loaded.set(language, locale);
      if (current) arrived((n) => n + 1);
    });
    return () => {
      current = false;
    };
  }, [language]);
  const locale = ready ?? BUNDLED.en!;
  dayjs.locale(locale.dayjs);
  return locale.antd;
}
