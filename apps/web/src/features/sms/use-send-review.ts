import type { SmsQueued } from '@batchwise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { refreshSms } from './sms-api';

/**
 * Review, then send: the server prices the body for the confirmation, and the send itself goes
 * out only from there. Shared by compose and spreadsheet templates; `sentKey` names the success
 * message (with the recipient count), `onSent` clears the form after a send.
 */
export function useSendReview<Body, Preview>({
  accountId,
  preview,
  send,
  sentKey,
  onSent,
}: {
  accountId: string;
  preview: (body: Body) => Promise<Preview>;
  send: (body: Body) => Promise<SmsQueued>;
  sentKey: string;
  onSent: () => void;
}) {
  const { t } = useTranslation(['sms', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [review, setReview] = useState<{ body: Body; preview: Preview } | null>(null);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const open = async (body: Body) => {
    setFailure(null);
    setChecking(true);
    try {
      setReview({ body, preview: await preview(body) });
    } catch (error) {
      setFailure(translateError(t, error));
    } finally {
      setChecking(false);
    }
  };

  const confirm = async () => {
    if (!review) return;
    try {
      const queued = await send(review.body);
      message.success(
        t(sentKey, { count: queued.recipients, formatted: queued.recipients.toLocaleString(locale) }),
      );
      setReview(null);
      await refreshSms(queryClient, accountId);
      onSent();
    } catch (error) {
      // The modal stays open so the sender sees why (a quota spent meanwhile, a time now past).
      message.error({ content: translateError(t, error), duration: 6 });
    }
  };

  return {
    preview: review?.preview ?? null,
    checking,
    failure,
    setFailure,
    open,
    confirm,
    close: () => setReview(null),
  };
}
