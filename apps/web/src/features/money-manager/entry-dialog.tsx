import { dayOf, type MoneyEntryKind, type MoneyEntryView } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Flex, Form, Input, Modal, Segmented, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../components/antd/date-picker';
import { paisaToTakaText, takaTextToPaisa } from '../../lib/money-input';
import { translateError } from '../../lib/translate-error';
import { categoriesQuery, categoryLabel, moneyApi, refreshMoney } from './money-api';

interface Values {
  kind: MoneyEntryKind;
  category: string[];
  amount: string;
  day: Dayjs;
  note: string;
}

/**
 * Adds a manual income or expense, or edits or deletes one. A category is one
 * of the built-in ones or any text typed in (the account's own); deleting asks first.
 */
export function EntryDialog({
  accountId,
  open,
  kind,
  entry,
  onClose,
}: {
  accountId: string;
  open: boolean;
  kind: MoneyEntryKind;
  entry: MoneyEntryView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['money', 'domain', 'errors']);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [currentKind, setCurrentKind] = useState<MoneyEntryKind>(entry?.kind ?? kind);
  const categories = useQuery({ ...categoriesQuery(accountId), enabled: open });
  const today = dayOf(Date.now());

  const save = useMutation({
    mutationFn: (values: Values) => {
      const body = {
        kind: values.kind,
        category: values.category[0] ?? '',
        amountPaisa: takaTextToPaisa(values.amount) ?? 0,
        day: values.day.format('YYYY-MM-DD'),
        note: values.note ?? '',
      };
      return entry ? moneyApi.update(accountId, entry.id, body) : moneyApi.add(accountId, body);
    },
    onSuccess: async () => {
      message.success(t(entry ? 'entry.saved' : 'entry.added'));
      onClose();
      await refreshMoney(queryClient, accountId);
    },
    onError: (error) => message.error({ content: translateError(t, error), duration: 6 }),
  });
  const remove = useMutation({
    mutationFn: () => moneyApi.remove(accountId, entry!.id),
    onSuccess: async () => {
      message.success(t('entry.deleted'));
      onClose();
      await refreshMoney(queryClient, accountId);
    },
    onError: (error) => message.error({ content: translateError(t, error), duration: 6 }),
  });

  const handleDelete = () =>
    modal.confirm({
      title: t('entry.deleteTitle'),
      content: t('entry.deleteText'),
      okText: t('entry.delete'),
      okButtonProps: { danger: true, 'data-testid': 'entry-delete-confirm' } as ButtonProps,
      cancelText: t('entry.cancel'),
      onOk: () => remove.mutateAsync(),
    });

  const options = (categories.data?.[currentKind] ?? []).map((c) => ({
    value: c,
    label: categoryLabel(t, currentKind, c),
  }));
  const title = entry
    ? t('entry.editTitle')
    : t(currentKind === 'income' ? 'entry.addIncome' : 'entry.addExpense');

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      width={440}
      footer={
        <Flex justify="space-between" gap={8}>
          {entry ? (
            <Button danger onClick={handleDelete} loading={remove.isPending} data-testid="entry-delete">
              {t('entry.delete')}
            </Button>
          ) : (
            <span />
          )}
          <Flex gap={8}>
            <Button onClick={onClose}>{t('entry.cancel')}</Button>
            <Button
              type="primary"
              onClick={() => form.submit()}
              loading={save.isPending}
              data-testid="entry-save"
            >
              {t('entry.save')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        preserve={false}
        initialValues={{
          kind: entry?.kind ?? kind,
          category: entry ? [entry.category] : [],
          amount: entry ? paisaToTakaText(entry.amountPaisa) : '',
          day: dayjs(entry?.day ?? today),
          note: entry?.note ?? '',
        }}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.kind) {
            setCurrentKind(changed.kind);
            form.setFieldValue('category', []);
          }
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="kind" label={t('entry.kind')}>
          <Segmented<MoneyEntryKind>
            block
            options={[
              { value: 'income', label: t('entry.income') },
              { value: 'expense', label: t('entry.expense') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="category"
          label={t('entry.category')}
          extra={t('entry.categoryHint')}
          rules={[
            {
              validator: (_, v: string[]) =>
                v?.[0]?.trim() ? Promise.resolve() : Promise.reject(new Error(t('entry.categoryRequired'))),
            },
          ]}
        >
          <Select
            mode="tags"
            maxCount={1}
            showSearch={{ optionFilterProp: 'label' }}
            options={options}
            loading={categories.isPending}
            placeholder={t('entry.categoryPlaceholder')}
            data-testid="entry-category"
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('entry.amount')}
          rules={[
            {
              validator: (_, v: string) => {
                const paisa = takaTextToPaisa(v);
                return paisa !== null && paisa > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('entry.amountRequired')));
              },
            },
          ]}
        >
          <Input inputMode="decimal" prefix="৳" data-testid="entry-amount" />
        </Form.Item>
        <Form.Item
          name="day"
          label={t('entry.day')}
          rules={[{ required: true, message: t('entry.dayRequired') }]}
        >
          <DatePicker
            format="DD-MM-YYYY"
            allowClear={false}
            style={{ width: '100%' }}
            disabledDate={(day) => day.format('YYYY-MM-DD') > today}
          />
        </Form.Item>
        <Form.Item name="note" label={t('entry.note')}>
          <Input.TextArea rows={2} maxLength={500} data-testid="entry-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
