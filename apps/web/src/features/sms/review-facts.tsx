import type { SmsPreview } from '@batchwise/domain';
import { Alert, type DescriptionsProps, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-time';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';

/** What every confirmation shows about paying for a send, whatever its recipients came from. */
export type ReviewFacts = Pick<
  SmsPreview,
  | 'costPaisa'
  | 'quota'
  | 'parts'
  | 'sharedQuota'
  | 'quotaMessage'
  | 'warnings'
  | 'runAt'
  | 'heldForQuietHours'
>;

/** The cost, quota and "goes out" rows of a confirmation's description list. */
export function useCostItems(): (p: ReviewFacts) => NonNullable<DescriptionsProps['items']> {
  const { t } = useTranslation('sms');
  const { locale } = useLanguage();
  const money = useMoney();
  const n = (value: number) => value.toLocaleString(locale);
  return (p) => [
    { key: 'cost', label: t('review.cost'), children: money(p.costPaisa) },
    {
      key: 'quota',
      label: t('review.quota'),
      children: (
        <>
          {t('review.quotaValue', { quota: n(p.quota), after: n(Math.max(0, p.quota - p.parts)) })}
          {p.sharedQuota ? (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {t('review.shared')}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'when',
      label: t('review.when'),
      children: (
        <>
          {formatDateTime(p.runAt, locale)}
          {p.heldForQuietHours ? (
            <Typography.Text type="warning" style={{ display: 'block' }}>
              {t('review.quietHours')}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
  ];
}

/** The quota shortfall (Send is disabled then) and the content warnings. */
export function ReviewAlerts({ preview: p }: { preview: ReviewFacts }) {
  const { t } = useTranslation(['sms', 'domain']);
  const { locale } = useLanguage();
  const n = (value: number) => value.toLocaleString(locale);
  return (
    <>
      {p.quotaMessage !== null ? (
        <Alert
          type="error"
          showIcon
          title={t('domain:SMS_QUOTA_NOT_ENOUGH', {
            needed: n(p.parts),
            current: n(p.quota),
            defaultValue: p.quotaMessage,
          })}
        />
      ) : null}
      {p.warnings.map((w) => (
        <Alert
          key={w.code}
          type="warning"
          showIcon
          title={t(`review.warnings.${w.code}`, { characters: w.characters.join(' ') })}
        />
      ))}
    </>
  );
}

/**
 * The confirmation's frame, the same for every kind of send: open while there is a preview, Send
 * busy while the send is made, and disabled when `blocked` (the quota cannot pay, nothing to send).
 */
export function ReviewShell({
  open,
  blocked,
  onCancel,
  onConfirm,
  children,
}: {
  open: boolean;
  blocked: boolean;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
  children: ReactNode;
}) {
  const { t } = useTranslation('sms');
  const [sending, setSending] = useState(false);
  const handleOk = async () => {
    setSending(true);
    try {
      await onConfirm();
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('review.title')}
      onCancel={onCancel}
      onOk={handleOk}
      okText={t('review.send')}
      cancelText={t('review.back')}
      okButtonProps={{ disabled: blocked, loading: sending }}
      width={640}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
