import { PrinterOutlined } from '@ant-design/icons';
import { allocateOldestFirst, COUNTER_METHODS, type CounterMethod } from '@batchwise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Modal, Result, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newClientId } from '../../lib/client-id';
import { paisaToTakaText, takaTextToPaisa } from '../../lib/money-input';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import type { Picks } from './dues-lines';
import { type DueLine, feesApi, lineKey, type PaymentView, refreshFees } from './fees-api';

/** The ticked lines as the allocations of one payment; null while any amount is wrong. */
function allocationsOf(lines: DueLine[], picks: Picks) {
  const allocations = [];
  for (const line of lines) {
    const key = lineKey(line);
    if (!(key in picks)) continue;
    const amountPaisa = takaTextToPaisa(picks[key]);
    if (amountPaisa === null || amountPaisa <= 0 || amountPaisa > line.duePaisa) return null;
    allocations.push(
      line.kind === 'month'
        ? { kind: 'month' as const, classroomId: line.classroomId ?? '', month: line.month, amountPaisa }
        : { kind: 'charge' as const, chargeId: line.chargeId ?? '', amountPaisa },
    );
  }
  return allocations;
}

/**
 * Taking money at the counter: the ticked lines (or an amount spread oldest-first), the method
 * with its reference, a note, the total; Collect gives the receipt number.
 */
export function CollectPanel({
  accountId,
  studentId,
  lines,
  picks,
  onPicks,
}: {
  accountId: string;
  studentId: string;
  lines: DueLine[];
  picks: Picks;
  onPicks: (next: Picks) => void;
}) {
  const { t } = useTranslation(['fees', 'domain', 'errors']);
  const { locale } = useLanguage();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<CounterMethod>('cash');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [spread, setSpread] = useState('');
  const [leftover, setLeftover] = useState(0);
  const [receipt, setReceipt] = useState<PaymentView | null>(null);
  // One key per payment: a retry after a dropped answer, or a second tap, records it once.
  const [requestKey, setRequestKey] = useState(() => newClientId(crypto));
  const allocations = allocationsOf(lines, picks);
  const total = (allocations ?? []).reduce((sum, a) => sum + a.amountPaisa, 0);

  const collect = useMutation({
    mutationFn: () =>
      feesApi.collect(accountId, studentId, {
        method,
        reference: method === 'cash' ? '' : reference.trim(),
        note: note.trim(),
        requestKey,
        allocations: allocations ?? [],
      }),
    onSuccess: async (payment) => {
      setReceipt(payment);
      setRequestKey(newClientId(crypto));
      onPicks({});
      setReference('');
      setNote('');
      setSpread('');
      await refreshFees(queryClient, accountId);
    },
  });

  const handleSpread = () => {
    const paisa = takaTextToPaisa(spread);
    if (paisa === null || paisa <= 0) return;
    const result = allocateOldestFirst(lines, paisa);
    const next: Record<string, string> = {};
    for (const a of result.allocations) {
      const line = lines.find((l) =>
        a.kind === 'month'
          ? l.kind === 'month' && l.classroomId === a.classroomId && l.month === a.month
          : l.kind === 'charge' && l.chargeId === a.chargeId,
      );
      if (line) next[lineKey(line)] = paisaToTakaText(a.amountPaisa);
    }
    setLeftover(result.leftoverPaisa);
    onPicks(next);
  };

  const count = allocations?.length ?? 0;
  return (
    <Flex vertical gap={12} data-testid="collect-panel">
      <Form layout="vertical" component="div">
        <Form.Item label={t('collect.spread')} extra={t('collect.spreadHint')} style={{ marginBottom: 12 }}>
          <Space.Compact style={{ width: '100%', maxWidth: 360 }}>
            <Input
              prefix="৳"
              inputMode="decimal"
              aria-label={t('collect.spread')}
              value={spread}
              onChange={(event) => setSpread(event.target.value)}
              onPressEnter={handleSpread}
            />
            <Button onClick={handleSpread}>{t('collect.spreadButton')}</Button>
          </Space.Compact>
        </Form.Item>
        {leftover > 0 ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('collect.leftover', { amount: money(leftover) })}
          />
        ) : null}
        <Flex gap={12} wrap>
          <Form.Item label={t('collect.method')} style={{ flex: '0 1 220px', marginBottom: 12 }}>
            <Select
              aria-label={t('collect.method')}
              value={method}
              onChange={setMethod}
              options={COUNTER_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))}
            />
          </Form.Item>
          {method !== 'cash' ? (
            <Form.Item
              label={t(`collect.reference.${method}`)}
              style={{ flex: '1 1 220px', maxWidth: 360, marginBottom: 12 }}
            >
              <Input
                aria-label={t(`collect.reference.${method}`)}
                maxLength={100}
                value={reference}
                onChange={(event) => setReference(event.target.value)}
              />
            </Form.Item>
          ) : null}
        </Flex>
        <Form.Item label={t('collect.note')} style={{ marginBottom: 12, maxWidth: 600 }}>
          <Input
            aria-label={t('collect.note')}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </Form.Item>
      </Form>
      {allocations === null ? <Alert type="error" showIcon title={t('collect.badAmount')} /> : null}
      {collect.isError ? (
        <Alert type="error" showIcon title={translateError(t, collect.error)} data-testid="collect-error" />
      ) : null}
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text style={{ fontSize: 16 }}>
          {t('collect.total', { n: count.toLocaleString(locale) })}{' '}
          <Typography.Text strong style={{ fontSize: 20 }} data-testid="collect-total">
            {money(total)}
          </Typography.Text>
        </Typography.Text>
        <Button
          type="primary"
          size="large"
          disabled={!allocations || count === 0}
          loading={collect.isPending}
          onClick={() => collect.mutate()}
        >
          {t('collect.button')}
        </Button>
      </Flex>
      <Modal
        open={receipt !== null}
        onCancel={() => setReceipt(null)}
        footer={null}
        title={null}
        data-testid="collect-done"
      >
        {receipt ? (
          <Result
            status="success"
            title={t('collect.done', { amount: money(receipt.amountPaisa) })}
            subTitle={
              <span data-testid="receipt-number">
                {t('receipt.number', { number: receipt.receiptNo.toLocaleString(locale) })}
              </span>
            }
            extra={[
              <Button key="print" icon={<PrinterOutlined />} href={receipt.receiptLink} target="_blank">
                {t('receipt.open')}
              </Button>,
              <Button key="ok" type="primary" onClick={() => setReceipt(null)}>
                {t('collect.ok')}
              </Button>,
            ]}
          />
        ) : null}
      </Modal>
    </Flex>
  );
}
