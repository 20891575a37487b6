import { ADJUSTMENT_KINDS, type AdjustmentKind } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Empty, Flex, Form, Input, List, Modal, Radio, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonField } from '../../components/antd/reason-field';
import { formatMonth } from '../../lib/billing-month';
import { formatDate } from '../../lib/format-time';
import { takaTextToPaisa } from '../../lib/money-input';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import { adjustmentsQuery, type DueLine, feesApi, refreshFees } from './fees-api';
import { WithdrawButton } from './withdraw-button';

const KIND_COLORS: Record<AdjustmentKind, string> = {
  waiver: 'blue',
  discount: 'cyan',
  'not-billable': 'default',
};

/** Waive, discount or mark not billable one month of one classroom, with a required reason. */
export function AdjustModal({
  accountId,
  studentId,
  line,
  onClose,
}: {
  accountId: string;
  studentId: string;
  line: DueLine;
  onClose: () => void;
}) {
  const { t } = useTranslation(['fees', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { message } = App.useApp();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<AdjustmentKind>('waiver');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const amountPaisa = takaTextToPaisa(amount);
  const badAmount =
    kind === 'discount' && (amountPaisa === null || amountPaisa <= 0 || amountPaisa > line.chargedPaisa);
  const missing = reason.trim() === '';
  const what = `${line.classroomName ?? ''} · ${formatMonth(line.month, locale)}`;

  const add = useMutation({
    mutationFn: () =>
      feesApi.addAdjustment(accountId, studentId, {
        classroomId: line.classroomId ?? '',
        month: line.month,
        kind,
        amountPaisa: kind === 'discount' ? (amountPaisa ?? 0) : 0,
        reason: reason.trim(),
      }),
    onSuccess: async () => {
      message.success(t('adjust.done'));
      await refreshFees(queryClient, accountId);
      onClose();
    },
    onError: (error) => message.error({ content: translateError(t, error), duration: 6 }),
  });

  const handleOk = () => {
    setTouched(true);
    if (!missing && !badAmount) add.mutate();
  };

  return (
    <Modal
      open
      title={t('adjust.title', { what })}
      onCancel={onClose}
      okText={t('adjust.ok')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: add.isPending }}
      onOk={handleOk}
      data-testid="adjust-modal"
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('adjust.kind')}>
          <Radio.Group
            value={kind}
            onChange={(event) => setKind(event.target.value)}
            options={ADJUSTMENT_KINDS.map((k) => ({ value: k, label: t(`adjust.kinds.${k}`) }))}
          />
        </Form.Item>
        {kind === 'discount' ? (
          <Form.Item
            label={t('adjust.amount')}
            required
            validateStatus={touched && badAmount ? 'error' : undefined}
            help={touched && badAmount ? t('adjust.badAmount', { fee: money(line.chargedPaisa) }) : undefined}
          >
            <Input
              prefix="৳"
              inputMode="decimal"
              aria-label={t('adjust.amount')}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              style={{ maxWidth: 200 }}
            />
          </Form.Item>
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

/** The student's adjustments with a way to withdraw each (it stays on record as removed). */
export function AdjustmentList({
  accountId,
  studentId,
  classroomNames,
}: {
  accountId: string;
  studentId: string;
  classroomNames: Map<string, string>;
}) {
  const { t } = useTranslation(['fees', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { message } = App.useApp();
  const money = useMoney();
  const queryClient = useQueryClient();
  const list = useQuery(adjustmentsQuery(accountId, studentId));
  const remove = useMutation({
    mutationFn: (id: string) => feesApi.removeAdjustment(accountId, studentId, id),
    onSuccess: async () => {
      message.success(t('adjust.withdrawn'));
      await refreshFees(queryClient, accountId);
    },
    onError: (error) => message.error({ content: translateError(t, error), duration: 6 }),
  });

  if (list.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  const adjustments = list.data?.adjustments ?? [];
  if (adjustments.length === 0)
    return <Empty description={t('adjust.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <List
      size="small"
      dataSource={adjustments}
      renderItem={(a) => (
        <List.Item
          actions={[
            <WithdrawButton
              key="withdraw"
              label={t('adjust.withdraw')}
              confirmTitle={t('adjust.withdrawConfirm')}
              onConfirm={() => remove.mutateAsync(a.id)}
            />,
          ]}
        >
          <Flex vertical gap={2} style={{ minWidth: 0 }}>
            <Flex gap={6} wrap align="center">
              <Tag color={KIND_COLORS[a.kind]}>{t(`adjust.kinds.${a.kind}`)}</Tag>
              <Typography.Text>
                {classroomNames.get(a.classroomId) ?? ''} · {formatMonth(a.month, locale)}
              </Typography.Text>
              {a.kind === 'discount' ? (
                <Typography.Text strong>{money(a.amountPaisa)}</Typography.Text>
              ) : null}
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 13, overflowWrap: 'anywhere' }}>
              {a.reason} · {formatDate(a.createdAt, locale)}
              {a.createdBy ? ` · ${a.createdBy}` : ''}
            </Typography.Text>
          </Flex>
        </List.Item>
      )}
    />
  );
}
