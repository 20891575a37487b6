import { PrinterOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { COUNTER_METHODS, type CounterMethod } from '@batchwise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Form, Input, Modal, Select, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonField } from '../../components/antd/reason-field';
import { formatMonth } from '../../lib/billing-month';
import { formatDateTime } from '../../lib/format-time';
import { paisaToTakaText, takaTextToPaisa } from '../../lib/money-input';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import { feesApi, type PaymentView, refreshFees, refundableOf } from './fees-api';
import { ReceiptSmsButton } from './receipt-sms-button';

/** What a payment paid for, one short line per month or item. */
export function useAllocationText() {
  const { locale } = useLanguage();
  return (a: PaymentView['allocations'][number]) =>
    a.label || [a.classroomName, a.month ? formatMonth(a.month, locale) : null].filter(Boolean).join(' · ');
}

/** A student's receipts, newest first: voided ones struck through with who and why, refunds negative. */
export function PaymentHistory({
  accountId,
  payments,
  loading,
  manages = true,
}: {
  accountId: string;
  payments: PaymentView[];
  loading: boolean;
  /** Voids and refunds are the owner's and admins' (modules/fees/fees.policy.ts). */
  manages?: boolean;
}) {
  const { t } = useTranslation(['fees', 'domain', 'errors']);
  const { locale } = useLanguage();
  const money = useMoney();
  const allocationText = useAllocationText();
  const [acting, setActing] = useState<{ kind: 'void' | 'refund'; payment: PaymentView } | null>(null);

  if (loading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (payments.length === 0) return <Empty description={t('history.none')} />;

  return (
    <Flex vertical gap={8} data-testid="payment-history">
      {payments.map((p) => {
        const voided = p.voided !== null;
        const refundable = refundableOf(p, payments);
        return (
          <Card key={p.id} size="small" data-testid="payment-row" styles={{ body: { padding: 12 } }}>
            <Flex justify="space-between" gap={8} wrap align="flex-start">
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Flex gap={6} wrap align="center">
                  <Typography.Text strong delete={voided}>
                    {t('receipt.number', { number: p.receiptNo.toLocaleString(locale) })}
                  </Typography.Text>
                  <Tag>{t(`methods.${p.method}`, { defaultValue: p.method })}</Tag>
                  {p.refundOf ? <Tag color="purple">{t('history.refund')}</Tag> : null}
                  {voided ? <Tag color="red">{t('history.voided')}</Tag> : null}
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {formatDateTime(p.receivedAt, locale)}
                  {p.takenBy ? ` · ${t('history.takenBy', { name: p.takenBy })}` : ''}
                  {p.reference ? ` · ${p.reference}` : ''}
                </Typography.Text>
              </Flex>
              <Typography.Text
                strong
                delete={voided}
                type={p.amountPaisa < 0 ? 'danger' : undefined}
                style={{ fontSize: 16 }}
                data-testid="payment-amount"
              >
                {money(p.amountPaisa)}
              </Typography.Text>
            </Flex>
            {p.allocations.length > 0 ? (
              <Typography.Text
                delete={voided}
                style={{ display: 'block', marginTop: 4, overflowWrap: 'anywhere' }}
              >
                {p.allocations.map((a) => `${allocationText(a)} ${money(a.amountPaisa)}`).join(', ')}
              </Typography.Text>
            ) : null}
            {p.note ? (
              <Typography.Text type="secondary" style={{ display: 'block', overflowWrap: 'anywhere' }}>
                {p.note}
              </Typography.Text>
            ) : null}
            {p.voided ? (
              <Typography.Text
                type="danger"
                style={{ display: 'block', overflowWrap: 'anywhere' }}
                data-testid="void-note"
              >
                {t('history.voidedBy', {
                  name: p.voided.by ?? '—',
                  when: formatDateTime(p.voided.at, locale),
                  reason: p.voided.reason,
                })}
              </Typography.Text>
            ) : null}
            <Flex gap={8} wrap style={{ marginTop: 8 }}>
              <Button size="small" icon={<PrinterOutlined />} href={p.receiptLink} target="_blank">
                {t('receipt.open')}
              </Button>
              {!voided ? <ReceiptSmsButton accountId={accountId} paymentId={p.id} /> : null}
              {manages && !voided ? (
                <Button
                  size="small"
                  danger
                  icon={<StopOutlined />}
                  onClick={() => setActing({ kind: 'void', payment: p })}
                >
                  {t('history.void')}
                </Button>
              ) : null}
              {manages && refundable > 0 ? (
                <Button
                  size="small"
                  icon={<RollbackOutlined />}
                  onClick={() => setActing({ kind: 'refund', payment: p })}
                >
                  {t('history.refundButton')}
                </Button>
              ) : null}
            </Flex>
          </Card>
        );
      })}
      {acting ? (
        <ActionModal
          accountId={accountId}
          kind={acting.kind}
          payment={acting.payment}
          refundable={refundableOf(acting.payment, payments)}
          onClose={() => setActing(null)}
        />
      ) : null}
    </Flex>
  );
}

/** Void (a reason) or refund (an amount up to what the payment still holds, a method, a reason). */
function ActionModal({
  accountId,
  kind,
  payment,
  refundable,
  onClose,
}: {
  accountId: string;
  kind: 'void' | 'refund';
  payment: PaymentView;
  refundable: number;
  onClose: () => void;
}) {
  const { t } = useTranslation(['fees', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { message } = App.useApp();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState(paisaToTakaText(refundable));
  const [method, setMethod] = useState<CounterMethod>('cash');
  const [touched, setTouched] = useState(false);
  const amountPaisa = takaTextToPaisa(amount);
  const badAmount =
    kind === 'refund' && (amountPaisa === null || amountPaisa <= 0 || amountPaisa > refundable);
  const missing = reason.trim() === '';
  const number = payment.receiptNo.toLocaleString(locale);

  const act = useMutation({
    mutationFn: () =>
      kind === 'void'
        ? feesApi.void(accountId, payment.id, reason.trim())
        : feesApi.refund(accountId, payment.id, {
            amountPaisa: amountPaisa ?? 0,
            method,
            reason: reason.trim(),
          }),
    onSuccess: async (result) => {
      message.success(
        kind === 'void'
          ? t('void.done', { number })
          : t('refund.done', { number: result.receiptNo.toLocaleString(locale) }),
      );
      await refreshFees(queryClient, accountId);
      onClose();
    },
    onError: (error) => message.error({ content: translateError(t, error), duration: 6 }),
  });

  const handleOk = () => {
    setTouched(true);
    if (!missing && !badAmount) act.mutate();
  };

  return (
    <Modal
      open
      title={kind === 'void' ? t('void.title', { number }) : t('refund.title', { number })}
      onCancel={onClose}
      okText={kind === 'void' ? t('void.ok') : t('refund.ok')}
      cancelText={t('cancel')}
      okButtonProps={{ danger: kind === 'void', loading: act.isPending }}
      onOk={handleOk}
      data-testid={`${kind}-modal`}
    >
      <Typography.Paragraph type="secondary">
        {kind === 'void'
          ? t('void.hint', { amount: money(payment.amountPaisa) })
          : t('refund.hint', { amount: money(refundable) })}
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        {kind === 'refund' ? (
          <Flex gap={12} wrap>
            <Form.Item
              label={t('refund.amount')}
              required
              style={{ flex: '1 1 160px' }}
              validateStatus={touched && badAmount ? 'error' : undefined}
              help={touched && badAmount ? t('refund.tooMuch', { amount: money(refundable) }) : undefined}
            >
              <Input
                prefix="৳"
                inputMode="decimal"
                aria-label={t('refund.amount')}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
              />
            </Form.Item>
            <Form.Item label={t('collect.method')} style={{ flex: '1 1 140px' }}>
              <Select
                aria-label={t('collect.method')}
                value={method}
                onChange={setMethod}
                options={COUNTER_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))}
              />
            </Form.Item>
          </Flex>
        ) : null}
        <ReasonField
          label={t('reason')}
          value={reason}
          onChange={setReason}
          error={touched && missing ? t('domain:FEE_REASON_REQUIRED') : undefined}
          maxLength={500}
        />
      </Form>
    </Modal>
  );
}
