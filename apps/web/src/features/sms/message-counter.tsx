import { smsContentWarnings, smsCount, stripHashtags } from '@batchwise/domain';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SmsCountLine } from '../../components/sms-count-line';

/**
 * What the text costs while it is typed, counted in the browser by the rule the server charges
 * (hashtags removed, trimmed, smsCount 'typed'), so the counter never disagrees with the
 * confirmation.
 */
export function MessageCounter({ text }: { text: string }) {
  const { t } = useTranslation('sms');
  const sent = stripHashtags(text).trim();
  // The sender ID is numeric here; the server applies the masked-sender rule where it is configured.
  const warnings = smsContentWarnings(sent, { maskedSender: false });
  return (
    <Flex vertical gap={2} data-testid="sms-counter">
      <SmsCountLine count={smsCount(sent, 'typed')} />
      {sent !== text.trim() ? (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('counter.hashtags')}
        </Typography.Text>
      ) : null}
      {warnings.map((warning) => (
        <Typography.Text key={warning.code} type="warning" style={{ fontSize: 13 }}>
          {t(`warnings.${warning.code}`, {
            characters: 'characters' in warning ? warning.characters.join(' ') : '',
          })}
        </Typography.Text>
      ))}
    </Flex>
  );
}
