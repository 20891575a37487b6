import { PUBLIC_VIDEO_PATHS, type publicVideoEndpoints } from '@batchwise/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathCall } from '../../lib/path-client';
import { translateError } from '../../lib/translate-error';
import styles from './public-video.module.css';

/**
 * The buy form of a paid course: the buyer's name and phone (checked on the server by the shared
 * Bangladeshi phone rule), then off to the institution's gateway. The page shows the videos only
 * once the gateway's IPN has confirmed the payment.
 */
export function BuyForm({ courseKey, price }: { courseKey: string; price: string }) {
  const { t } = useTranslation(['video', 'domain', 'errors']);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const buy = useMutation({
    mutationFn: () =>
      pathCall<typeof publicVideoEndpoints.buy>('POST', PUBLIC_VIDEO_PATHS.buy, {
        params: { key: courseKey },
        body: { name, phone },
      }),
    onSuccess: (result) => window.location.assign(result.redirectUrl),
  });
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        buy.mutate();
      }}
      data-testid="video-buy-form"
    >
      <p className={styles.muted}>{t('public.buyExplain')}</p>
      <label className={styles.field}>
        {t('public.name')}
        <input
          className={styles.input}
          value={name}
          maxLength={80}
          autoComplete="name"
          onChange={(e) => setName(e.target.value)}
          data-testid="video-buy-name"
        />
      </label>
      <label className={styles.field}>
        {t('public.phone')}
        <input
          className={styles.input}
          value={phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="01XXXXXXXXX"
          onChange={(e) => setPhone(e.target.value)}
          data-testid="video-buy-phone"
        />
      </label>
      {buy.isError && (
        <p className={styles.error} role="alert">
          {translateError(t, buy.error)}
        </p>
      )}
      <button
        type="submit"
        className="bw-btn bw-btn--primary bw-btn--large"
        disabled={buy.isPending || buy.isSuccess}
        data-testid="video-buy"
      >
        {t('public.buy', { price })}
      </button>
    </form>
  );
}
