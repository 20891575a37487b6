import { SMS_PART_LENGTH, type SmsPreview } from '@batchwise/domain';
import { Alert, Descriptions, Flex, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSmsCountText } from '../../components/sms-count-line';
import { useLanguage } from '../../lib/use-language';
import { ReviewAlerts, ReviewShell, useCostItems } from './review-facts';

/** Recipients shown by name before "and N more"; the server lists up to 50. */
const SHOWN = 10;

/**
 * The last look before anything is paid for: who receives it, who is left out and why, parts,
 * cost, quota and when it goes out. Send stays disabled when the quota cannot pay.
 */
export function ReviewModal({
  preview,
  onCancel,
  onConfirm,
}: {
  preview: SmsPreview | null;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation(['sms', 'domain']);
  const { locale } = useLanguage();
  const costItems = useCostItems();
  const counted = useSmsCountText();
  const { token } = theme.useToken();
  const n = (value: number) => value.toLocaleString(locale);

  const p = preview;
  const short = p !== null && p.quotaMessage !== null;
  return (
    <ReviewShell open={p !== null} blocked={short} onCancel={onCancel} onConfirm={onConfirm}>
      {p ? (
        <Flex vertical gap={12}>
          <Typography.Paragraph
            style={{
              whiteSpace: 'pre-wrap',
              margin: 0,
              padding: '8px 12px',
              borderRadius: 8,
              background: token.colorFillQuaternary,
            }}
          >
            {p.text}
          </Typography.Paragraph>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'recipients', label: t('review.recipients'), children: n(p.recipients) },
              {
                key: 'parts',
                label: t('review.parts'),
                children: t('review.partsValue', {
                  each: n(p.partsEach),
                  total: n(p.parts),
                  rule: counted.rule('typed', SMS_PART_LENGTH),
                }),
              },
              ...costItems(p),
            ]}
          />
          <ReviewAlerts preview={p} />
          <div>
            <Typography.Text strong>{t('review.firstRecipients')}</Typography.Text>
            <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
              {p.sample.slice(0, SHOWN).map((r) => (
                <li key={`${r.phone}:${r.source}`}>
                  {r.name ? `${r.name} · ` : ''}
                  {r.phone} <Tag style={{ marginInlineStart: 4 }}>{t(`source.${r.source}`)}</Tag>
                </li>
              ))}
            </ul>
            {p.recipients > SHOWN ? (
              <Typography.Text type="secondary">
                {t('review.more', { formatted: n(p.recipients - Math.min(SHOWN, p.sample.length)) })}
              </Typography.Text>
            ) : null}
          </div>
          {p.invalid.length > 0 ? (
            <Alert
              type="warning"
              title={t('review.invalid', { count: p.invalid.length, formatted: n(p.invalid.length) })}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {p.invalid.map((i) => (
                    <li key={`${i.id}:${i.phone}`}>
                      {t('domain:SMS_INVALID_PHONE', {
                        name: i.name,
                        id: i.id,
                        phone: i.phone || '—',
                        defaultValue: i.message,
                      })}
                    </li>
                  ))}
                </ul>
              }
            />
          ) : null}
          {p.invalidTyped.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              title={`${t('review.invalidTyped', { count: p.invalidTyped.length })}: ${p.invalidTyped.join(', ')}`}
            />
          ) : null}
        </Flex>
      ) : null}
    </ReviewShell>
  );
}
