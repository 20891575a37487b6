import { Alert, Descriptions, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/use-language';
import { ReviewAlerts, ReviewShell, useCostItems } from './review-facts';
import type { SmsTemplatePreview } from './sms-api';

/** Messages shown in full before "and N more"; the server returns the first few. */
const SHOWN = 5;

/**
 * The last look before a template send is paid for, as the server prices it: messages, SMS,
 * cost, quota and when it goes out, the first messages and how many rows get none. Send stays
 * disabled when the quota cannot pay.
 */
export function TemplateReviewModal({
  preview,
  problems,
  onCancel,
  onConfirm,
}: {
  preview: SmsTemplatePreview | null;
  /**
   * The template's problems as the editor shows them, translated with their parameters (the
   * server's carry only its English text); shown when the server reports any.
   */
  problems: readonly string[];
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation(['sms', 'domain']);
  const { locale } = useLanguage();
  const costItems = useCostItems();
  const { token } = theme.useToken();
  const n = (value: number) => value.toLocaleString(locale);

  const p = preview;
  const short = p !== null && p.quotaMessage !== null;
  const shown = p?.sample.slice(0, SHOWN) ?? [];
  return (
    <ReviewShell
      open={p !== null}
      blocked={short || p?.recipients === 0}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {p ? (
        <Flex vertical gap={12}>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'messages', label: t('templates.review.messages'), children: n(p.recipients) },
              { key: 'sms', label: t('templates.review.sms'), children: n(p.parts) },
              ...costItems(p),
            ]}
          />
          <ReviewAlerts preview={p} />
          {(p.problems.length === 0
            ? []
            : problems.length > 0
              ? problems
              : p.problems.map((x) => x.message)
          ).map((problem) => (
            <Alert key={problem} type="warning" showIcon title={problem} />
          ))}
          {p.dropped.length > 0 ? (
            <Alert
              type="info"
              showIcon
              title={t('templates.review.dropped', {
                count: p.dropped.length,
                formatted: n(p.dropped.length),
              })}
            />
          ) : null}
          {shown.length > 0 ? (
            <div>
              <Typography.Text strong>{t('templates.review.first')}</Typography.Text>
              <Flex vertical gap={8} style={{ marginTop: 6 }}>
                {shown.map((m) => (
                  <div
                    key={m.row}
                    style={{ padding: '6px 10px', borderRadius: 8, background: token.colorFillQuaternary }}
                  >
                    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                      {t('templates.preview.row')} {n(m.row)} · {m.phone} ·{' '}
                      {t('templates.preview.sms', { count: m.parts, formatted: n(m.parts) })}
                    </Typography.Text>
                    <div style={{ whiteSpace: 'pre-wrap' }}>{m.text}</div>
                  </div>
                ))}
              </Flex>
              {p.recipients > shown.length ? (
                <Typography.Text type="secondary">
                  {t('templates.review.more', { formatted: n(p.recipients - shown.length) })}
                </Typography.Text>
              ) : null}
            </div>
          ) : null}
        </Flex>
      ) : null}
    </ReviewShell>
  );
}
