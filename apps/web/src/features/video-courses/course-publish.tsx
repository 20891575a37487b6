import { publicVideoEndpoints, type VideoCourse, type VideoPricing } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Popconfirm, Radio, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpointQuery, queryKeyOf } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { takaTextToPaisa } from '../../lib/money-input';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import styles from './video.module.css';

/**
 * "Publish publicly" (contracts/public-video.ts): the course to anyone with its link, free or for a
 * price in taka (sent as paisa); the link to copy, unpublishing, and who bought a paid course.
 */
export function CoursePublish({ accountId, course }: { accountId: string; course: VideoCourse }) {
  const { t } = useTranslation(['video', 'domain', 'errors']);
  const { locale } = useLanguage();
  const money = useMoney();
  const queryClient = useQueryClient();
  const params = { accountId, courseId: course.id };
  const query = useQuery(endpointQuery(publicVideoEndpoints.publication, { params }));
  const [pricing, setPricing] = useState<VideoPricing>('free');
  const [price, setPrice] = useState('');
  const refresh = (data: unknown) =>
    queryClient.setQueryData(queryKeyOf(publicVideoEndpoints.publication, { params }), data);
  const publish = useMutation({
    mutationFn: () =>
      call(publicVideoEndpoints.publish, {
        params,
        body: { pricing, pricePaisa: pricing === 'paid' ? (takaTextToPaisa(price) ?? 0) : 0 },
      }),
    onSuccess: refresh,
  });
  const unpublish = useMutation({
    mutationFn: () => call(publicVideoEndpoints.unpublish, { params }),
    onSuccess: () => query.refetch(),
  });

  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <Alert type="error" showIcon message={translateError(t, query.error)} />;
  const { publication, buyers } = query.data;
  const error = publish.error ?? unpublish.error;
  return (
    <section className={styles.list} data-testid="video-publish">
      {error && <Alert type="error" showIcon message={translateError(t, error)} />}
      {publication ? (
        <>
          <div className={styles.row}>
            <Tag color={publication.pricing === 'paid' ? 'gold' : 'green'} data-testid="video-publish-state">
              {publication.pricing === 'paid'
                ? t('publish.paidAt', { price: money(publication.pricePaisa) })
                : t('publish.free')}
            </Tag>
          </div>
          <Input
            readOnly
            value={`${window.location.origin}${publication.path}`}
            aria-label={t('publish.link')}
            onFocus={(e) => e.target.select()}
            data-testid="video-publish-link"
          />
          <div className={styles.row}>
            <Button
              onClick={() =>
                void navigator.clipboard?.writeText(`${window.location.origin}${publication.path}`)
              }
            >
              {t('publish.copy')}
            </Button>
            <Popconfirm
              title={t('publish.unpublishConfirm')}
              okText={t('publish.unpublish')}
              onConfirm={() => unpublish.mutate()}
            >
              <Button danger data-testid="video-unpublish">
                {t('publish.unpublish')}
              </Button>
            </Popconfirm>
          </div>
          {publication.pricing === 'paid' && (
            <>
              <strong>{t('publish.buyers')}</strong>
              {buyers.length === 0 ? (
                <Empty description={t('publish.noBuyers')} />
              ) : (
                <ul className={styles.list}>
                  {buyers.map((b) => (
                    <li key={`${b.phone}:${b.paidAt}`} className={styles.item} data-testid="video-buyer">
                      <span className={styles.grow}>
                        {b.name} · {b.phone}
                      </span>
                      <span>
                        {money(b.amountPaisa)} · {formatDateTime(b.paidAt, locale)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </>
      ) : (
        <form
          className={styles.list}
          onSubmit={(event) => {
            event.preventDefault();
            publish.mutate();
          }}
        >
          <p>{t('publish.explain')}</p>
          <Radio.Group
            value={pricing}
            onChange={(e) => setPricing(e.target.value)}
            options={[
              { value: 'free', label: t('publish.free') },
              { value: 'paid', label: t('publish.paid') },
            ]}
            data-testid="video-publish-pricing"
          />
          {pricing === 'paid' && (
            <Input
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              addonBefore="৳"
              aria-label={t('publish.price')}
              placeholder={t('publish.price')}
              data-testid="video-publish-price"
            />
          )}
          <Button
            type="primary"
            htmlType="submit"
            loading={publish.isPending}
            data-testid="video-publish-submit"
          >
            {t('publish.publish')}
          </Button>
        </form>
      )}
    </section>
  );
}
