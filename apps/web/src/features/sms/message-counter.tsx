import { gatewayParts, smsContentWarnings, stripHashtags } from '@batchwise/domain';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/use-language';

/**
 * What the text costs while it is typed, counted in the browser with the same rules the server
 * bills by (hashtags removed, trimmed), so the counter never disagrees with the confirmation.
 */
export function MessageCounter({ text }: { text: string }) {
  const { t } = useTranslation('sms');
  const { locale } = useLanguage();
  const sent = stripHashtags(text).trim();
  const counted = gatewayParts(sent);
  // The sender ID is numeric here; the server applies the masked-sender rule where it is configured.
  const warnings = smsContentWarnings(sent, { maskedSender: false });
  const n = (value: number) => value.toLocaleString(locale);
  return (
    <Flex vertical gap={2} aria-live="polite" data-testid="sms-counter">
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {t(`counter.encoding.${counted.encoding}`)} ·{' '}
        {t('counter.units', { used: n(counted.units), perPart: n(counted.perPart) })} ·{' '}
        {t('counter.parts', { count: counted.parts, formatted: n(counted.parts) })} ·{' '}
        {t('counter.remaining', { formatted: n(counted.remainingInPart) })}
      </Typography.Text>
      {sent !== text.trim() ? (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('counter.hashtags')}
        </Typography.Text>
      ) : null}
      {warnings.map((warning) => (
        <Typography.Text key={warning.code} type="warning" style={{ fontSize: 13 }}>
          {warning.code === 'ENCODING_SWITCHED'
            ? t('warnings.ENCODING_SWITCHED', {
                characters: warning.characters.join(' '),
                parts: n(warning.parts),
                partsIfGsm7: n(warning.partsIfGsm7),
              })
            : t(`warnings.${warning.code}`, {
                characters: 'characters' in warning ? warning.characters.join(' ') : '',
              })}
        </Typography.Text>
      ))}
    </Flex>
  );
}
