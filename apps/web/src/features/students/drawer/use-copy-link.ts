import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/** Copies a link for the teacher to paste, or says to copy it by hand where the browser refuses. */
export function useCopyLink(): (text: string) => Promise<void> {
  const { t } = useTranslation('students');
  const { message } = App.useApp();
  return async (text) => {
    try {
      await navigator.clipboard.writeText(text);
      message.success(t('links.copied'));
    } catch {
      message.info(t('links.copyManually'));
    }
  };
}
