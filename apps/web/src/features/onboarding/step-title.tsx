import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/use-language';

/** A card title with its step number, so the order of the flow reads at a glance. */
export function StepTitle({ step, title }: { step: number; title: string }) {
  const { t } = useTranslation('onboarding');
  const { locale } = useLanguage();
  return (
    <Flex gap={8} align="baseline" wrap>
      <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 400 }}>
        {t('step', { step: step.toLocaleString(locale) })}
      </Typography.Text>
      <span style={{ whiteSpace: 'normal' }}>{title}</span>
    </Flex>
  );
}
