import type { MerchantSettingsInput, MerchantSettingsView, OnlinePaymentView } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  Pagination,
  Popconfirm,
  Segmented,
  Skeleton,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { refresh } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { usePageDigits } from '../../lib/use-digits';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import type { WorkAccount } from '../../lib/use-work-account';
import { merchantSettingsQuery, onlinePayApi, onlinePaymentsQuery } from './online-pay-api';

type Gateway = 'sslcommerz' | 'bkash';
const CREDENTIALS: Record<Gateway, readonly string[]> = {
  sslcommerz: ['storeId', 'storePassword'],
  bkash: ['appKey', 'appSecret', 'username', 'password'],
};
const SECRET = new Set(['storePassword', 'appSecret', 'password']);
/** The server answers the latest 100 attempts; they are paged here. */
const PAGE_SIZE = 10;

/**
 * Online payment for the account: the switch, each gateway's merchant
 * credentials (written, never read back: the server answers only whether each is set) and the
 * attempts, with the payments a gateway held for review.
 */
export function OnlinePayPanel({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['fees', 'domain', 'errors']);
  const settings = useQuery(merchantSettingsQuery(work.account.id));
  return (
    <Flex vertical gap={16}>
      {settings.isError ? (
        <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <Skeleton active />
      ) : (
        <MerchantSettings accountId={work.account.id} settings={settings.data} />
      )}
      <Card size="small" title={t('online.attempts')}>
        <Attempts accountId={work.account.id} />
      </Card>
    </Flex>
  );
}

function MerchantSettings({ accountId, settings }: { accountId: string; settings: MerchantSettingsView }) {
  const { t } = useTranslation(['fees', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const save = useMutation({
    mutationFn: (body: MerchantSettingsInput) => onlinePayApi.updateSettings(accountId, body),
    onSuccess: async () => {
      form.resetFields(); // typed secrets leave the page once saved
      await refresh(queryClient, 'online-payments', { accountId });
      message.success(t('online.saved'));
    },
  });
  const handleFinish = (values: Record<Gateway, Record<string, string | undefined>>) => {
    const body: MerchantSettingsInput = {};
    for (const gateway of ['sslcommerz', 'bkash'] as const) {
      const typed = Object.fromEntries(
        CREDENTIALS[gateway].flatMap((field) => {
          const value = values[gateway]?.[field]?.trim();
          return value ? [[field, value]] : [];
        }),
      );
      if (Object.keys(typed).length > 0) body[gateway] = typed;
    }
    save.mutate(body);
  };

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex gap={12} align="center" component="label">
          <Switch
            checked={settings.onlinePayment}
            loading={save.isPending}
            onChange={(onlinePayment) => save.mutate({ onlinePayment })}
            data-testid="online-switch"
          />
          <span>
            <Typography.Text strong>{t('online.switch')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('online.switchHint')}</Typography.Text>
          </span>
        </Flex>
      </Card>
      {save.isError ? <Alert type="error" showIcon title={translateError(t, save.error)} /> : null}
      <Form form={form} layout="vertical" onFinish={handleFinish} autoComplete="off">
        <Flex gap={16} wrap>
          {(['sslcommerz', 'bkash'] as const).map((gateway) => {
            const g = settings[gateway];
            const fields = g as unknown as Record<string, { set: boolean; hint: string | null }>;
            return (
              <Card
                key={gateway}
                size="small"
                style={{ flex: '1 1 300px' }}
                title={t(`online.gateways.${gateway}`)}
                extra={
                  <Tag color={g.ready ? 'green' : 'default'}>
                    {g.ready ? t('online.ready') : t('online.notReady')}
                  </Tag>
                }
              >
                <Flex vertical gap={12}>
                  <Flex gap={12} align="center" wrap>
                    <Switch
                      checked={g.enabled}
                      onChange={(enabled) => save.mutate({ [gateway]: { enabled } })}
                      aria-label={t('online.enable', { gateway: t(`online.gateways.${gateway}`) })}
                    />
                    <Typography.Text>{t('online.enabled')}</Typography.Text>
                    <Segmented
                      size="small"
                      value={g.mode}
                      onChange={(mode) => save.mutate({ [gateway]: { mode } })}
                      options={[
                        { value: 'sandbox', label: t('online.sandbox') },
                        { value: 'live', label: t('online.live') },
                      ]}
                    />
                  </Flex>
                  {CREDENTIALS[gateway].map((field) => {
                    const current = fields[field];
                    const label = t(`online.fields.${field}`);
                    const placeholder = current?.set
                      ? current.hint
                        ? t('online.setEnding', { hint: current.hint })
                        : t('online.set')
                      : t('online.notSet');
                    return (
                      <Form.Item key={field} name={[gateway, field]} label={label} style={{ margin: 0 }}>
                        {SECRET.has(field) ? (
                          <Input.Password placeholder={placeholder} autoComplete="new-password" />
                        ) : (
                          <Input placeholder={placeholder} autoComplete="off" />
                        )}
                      </Form.Item>
                    );
                  })}
                </Flex>
              </Card>
            );
          })}
        </Flex>
        <Flex gap={8} align="center" wrap style={{ marginTop: 12 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('online.saveCredentials')}
          </Button>
          <Typography.Text type="secondary">{t('online.credentialsHint')}</Typography.Text>
        </Flex>
      </Form>
    </Flex>
  );
}

const STATUS_COLOURS: Record<OnlinePaymentView['status'], string> = {
  created: 'default',
  redirected: 'processing',
  paid: 'green',
  failed: 'red',
  cancelled: 'default',
  expired: 'default',
  needs_review: 'orange',
};

function Attempts({ accountId }: { accountId: string }) {
  const { t } = useTranslation(['fees', 'domain', 'errors']);
  const pageDigits = usePageDigits();
  const { locale } = useLanguage();
  const money = useMoney();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [onlyReview, setOnlyReview] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  const attempts = useQuery(onlinePaymentsQuery(accountId, onlyReview ? 'needs_review' : undefined));
  const review = useMutation({
    mutationFn: (input: { id: string; decision: 'record' | 'reject' }) =>
      onlinePayApi.review(accountId, input.id, input.decision, ''),
    onSuccess: async () => {
      await Promise.all([
        refresh(queryClient, 'online-payments', { accountId }),
        refresh(queryClient, 'fees', { accountId }),
      ]);
      message.success(t('online.reviewed'));
    },
    onError: (error) => message.error(translateError(t, error)),
  });
  const items = attempts.data?.items ?? [];
  const page = items.slice((pageNumber - 1) * PAGE_SIZE, pageNumber * PAGE_SIZE);

  if (attempts.isError) return <QueryError error={attempts.error} onRetry={() => void attempts.refetch()} />;
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" component="label">
        <Switch
          checked={onlyReview}
          onChange={(next) => {
            setOnlyReview(next);
            setPageNumber(1);
          }}
          aria-label={t('online.onlyReview')}
        />
        <Typography.Text>{t('online.onlyReview')}</Typography.Text>
      </Flex>
      {attempts.isPending ? <Skeleton active /> : null}
      {!attempts.isPending && items.length === 0 ? (
        <Empty description={t('online.noAttempts')} data-testid="online-attempts-empty" />
      ) : null}
      {page.map((a) => (
        <Card key={a.id} size="small" data-testid="online-attempt">
          <Flex justify="space-between" gap={12} wrap>
            <Flex vertical gap={2} style={{ minWidth: 0 }}>
              <Typography.Text strong>{a.studentName}</Typography.Text>
              <Typography.Text type="secondary">
                {formatDateTime(a.createdAt, locale)} · {t(`online.gateways.${a.gateway}`)} · {a.tranId}
              </Typography.Text>
              {a.reason ? (
                <Typography.Text type="secondary">{t(`domain:PAY_FAIL_${a.reason}`)}</Typography.Text>
              ) : null}
              {a.note ? <Typography.Text type="secondary">{a.note}</Typography.Text> : null}
            </Flex>
            <Flex vertical gap={6} align="flex-end">
              <Typography.Text strong>{money(a.amountPaisa)}</Typography.Text>
              <Tag color={STATUS_COLOURS[a.status]} style={{ marginInlineEnd: 0 }}>
                {t(`online.statuses.${a.status}`)}
              </Tag>
            </Flex>
          </Flex>
          {a.status === 'needs_review' ? (
            <Flex gap={6} wrap style={{ marginTop: 8 }}>
              <Popconfirm
                title={t('online.recordConfirm')}
                onConfirm={() => review.mutateAsync({ id: a.id, decision: 'record' })}
              >
                <Button size="small" type="primary">
                  {t('online.record')}
                </Button>
              </Popconfirm>
              <Popconfirm
                title={t('online.rejectConfirm')}
                okButtonProps={{ danger: true }}
                onConfirm={() => review.mutateAsync({ id: a.id, decision: 'reject' })}
              >
                <Button size="small" danger>
                  {t('online.reject')}
                </Button>
              </Popconfirm>
            </Flex>
          ) : null}
        </Card>
      ))}
      {items.length > PAGE_SIZE ? (
        <Pagination
          size="small"
          current={pageNumber}
          pageSize={PAGE_SIZE}
          total={items.length}
          onChange={setPageNumber}
          showSizeChanger={false}
          {...pageDigits}
        />
      ) : null}
    </Flex>
  );
}
