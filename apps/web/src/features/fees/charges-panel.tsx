import { PlusOutlined } from '@ant-design/icons';
import { addMonths, monthOf } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Form, Input, List, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../lib/billing-month';
import { classroomsQuery } from '../../lib/classrooms-query';
import { takaTextToPaisa } from '../../lib/money-input';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import type { WorkAccount } from '../../lib/use-work-account';
import { chargesQuery, feesApi, refreshFees } from './fees-api';
import { WithdrawButton } from './withdraw-button';

/** Special payments (exam fee, books…): added for a classroom's students, listed, withdrawn. */
export function ChargesPanel({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['fees', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { message } = App.useApp();
  const money = useMoney();
  const queryClient = useQueryClient();
  const { account, words } = work;
  const classrooms = useQuery(classroomsQuery(account.id));
  const charges = useQuery(chargesQuery(account.id));
  const thisMonth = monthOf(Date.now());
  const [classroomId, setClassroomId] = useState<string | undefined>(undefined);
  const [label, setLabel] = useState('');
  const [amount, setAmount] = useState('');
  const [dueMonth, setDueMonth] = useState(thisMonth);
  const [touched, setTouched] = useState(false);
  const amountPaisa = takaTextToPaisa(amount);
  const problems = {
    classroom: !classroomId,
    label: label.trim() === '',
    amount: amountPaisa === null || amountPaisa <= 0,
  };
  const names = new Map((classrooms.data ?? []).map((c) => [c.id, c.name]));
  const months = Array.from({ length: 16 }, (_, i) => addMonths(thisMonth, i - 3));

  const add = useMutation({
    mutationFn: () =>
      feesApi.addCharge(account.id, {
        classroomId: classroomId ?? null,
        label: label.trim(),
        amountPaisa: amountPaisa ?? 0,
        dueMonth,
      }),
    onSuccess: async () => {
      message.success(t('charges.added'));
      setLabel('');
      setAmount('');
      setTouched(false);
      await refreshFees(queryClient, account.id);
    },
    onError: (error) => message.error({ content: translateError(t, error), duration: 6 }),
  });
  const remove = useMutation({
    mutationFn: (chargeId: string) => feesApi.removeCharge(account.id, chargeId),
    onSuccess: async () => {
      message.success(t('charges.withdrawn'));
      await refreshFees(queryClient, account.id);
    },
    onError: (error) => message.error({ content: translateError(t, error), duration: 6 }),
  });

  const handleAdd = () => {
    setTouched(true);
    if (!problems.classroom && !problems.label && !problems.amount) add.mutate();
  };
  const status = (bad: boolean) => (touched && bad ? 'error' : undefined);

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('charges.hint', { students: words.students, classroom: words.classroom })}
      </Typography.Paragraph>
      <Form layout="vertical" component="div" data-testid="charge-form">
        <Flex gap={12} wrap align="flex-end">
          <Form.Item
            label={words.cap(words.classroom)}
            required
            validateStatus={status(problems.classroom)}
            style={{ flex: '1 1 200px', marginBottom: 8 }}
          >
            <Select
              aria-label={words.cap(words.classroom)}
              value={classroomId}
              onChange={setClassroomId}
              loading={classrooms.isPending}
              options={(classrooms.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
          <Form.Item
            label={t('charges.label')}
            required
            validateStatus={status(problems.label)}
            help={touched && problems.label ? t('domain:FEE_CHARGE_LABEL_REQUIRED') : undefined}
            style={{ flex: '2 1 220px', marginBottom: 8 }}
          >
            <Input
              aria-label={t('charges.label')}
              placeholder={t('charges.labelPlaceholder')}
              maxLength={100}
              value={label}
              onChange={(event) => setLabel(event.target.value)}
            />
          </Form.Item>
          <Form.Item
            label={t('charges.amount')}
            required
            validateStatus={status(problems.amount)}
            style={{ flex: '1 1 120px', marginBottom: 8 }}
          >
            <Input
              prefix="৳"
              inputMode="decimal"
              aria-label={t('charges.amount')}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          </Form.Item>
          <Form.Item label={t('charges.dueMonth')} style={{ flex: '1 1 160px', marginBottom: 8 }}>
            <Select
              aria-label={t('charges.dueMonth')}
              value={dueMonth}
              onChange={setDueMonth}
              options={months.map((m) => ({ value: m, label: formatMonth(m, locale) }))}
            />
          </Form.Item>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            loading={add.isPending}
            onClick={handleAdd}
            style={{ marginBottom: 8 }}
          >
            {t('charges.add')}
          </Button>
        </Flex>
      </Form>
      {charges.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (charges.data?.charges ?? []).length === 0 ? (
        <Empty description={t('charges.none')} />
      ) : (
        <List
          size="small"
          data-testid="charge-list"
          dataSource={charges.data?.charges ?? []}
          renderItem={(c) => (
            <List.Item
              actions={[
                <WithdrawButton
                  key="withdraw"
                  label={t('charges.withdraw')}
                  confirmTitle={t('charges.withdrawConfirm', { label: c.label })}
                  confirmContent={t('charges.withdrawHint')}
                  onConfirm={() => remove.mutateAsync(c.id)}
                />,
              ]}
            >
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                  {c.label} · {money(c.amountPaisa)}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {[
                    c.classroomId ? (names.get(c.classroomId) ?? '') : t('charges.oneStudent'),
                    formatMonth(c.dueMonth, locale),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}
