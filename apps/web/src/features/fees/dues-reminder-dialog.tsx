import {
  DUES_REMINDER_LANGUAGES,
  DUES_REMINDER_TEMPLATES,
  type DuesReminderLanguage,
  type DuesReminderPreview,
  type DuesReminderSendInput,
  INTERFACE_LANGUAGE_NAMES,
  isInterfaceLanguage,
} from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Flex, Input, Modal, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SendReview } from '../../components/antd/send-review';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';
import type { WorkAccount } from '../../lib/use-work-account';
import {
  duesReminderApi,
  refreshAfterSend,
  savedTemplatesQuery,
  usesSavedTemplates,
} from './dues-reminder-api';

const SOURCES = ['student', 'parent1', 'parent2'] as const;
type To = Record<(typeof SOURCES)[number], boolean>;

/** The message a dues SMS starts from and the recipients it goes to (shared with the settings card). */
export function ReminderFields({
  accountId,
  usesSaved,
  template,
  language,
  to,
  onChange,
}: {
  accountId: string;
  usesSaved: boolean;
  template: string;
  language: DuesReminderLanguage;
  to: To;
  onChange: (next: { template?: string; language?: DuesReminderLanguage; to?: To }) => void;
}) {
  const { t } = useTranslation('fees');
  const saved = useQuery({ ...savedTemplatesQuery(accountId), enabled: usesSaved });
  const handleStart = (value: string) => {
    if (isInterfaceLanguage(value)) onChange({ template: DUES_REMINDER_TEMPLATES[value], language: value });
    else {
      const picked = saved.data?.items.find((item) => item.id === value);
      if (picked) onChange({ template: picked.body });
    }
  };
  return (
    <Flex vertical gap={12}>
      <Select
        aria-label={t('reminders.start')}
        placeholder={t('reminders.start')}
        value={null}
        onChange={handleStart}
        loading={saved.isFetching}
        options={[
          ...DUES_REMINDER_LANGUAGES.map((l) => ({
            value: l,
            label: t('reminders.builtinIn', { language: INTERFACE_LANGUAGE_NAMES[l] }),
          })),
          ...(saved.data?.items ?? []).map((item) => ({ value: item.id, label: item.name })),
        ]}
      />
      <Flex vertical gap={4}>
        <Typography.Text strong>{t('reminders.message')}</Typography.Text>
        <Input.TextArea
          aria-label={t('reminders.message')}
          value={template}
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={2000}
          onChange={(event) => onChange({ template: event.target.value })}
          data-testid="reminder-template"
        />
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('reminders.placeholders')}
        </Typography.Text>
      </Flex>
      <Flex gap={8} align="center" wrap>
        <Typography.Text>{t('reminders.language')}</Typography.Text>
        <Radio.Group
          value={language}
          onChange={(event) => {
            const next = event.target.value as DuesReminderLanguage;
            // The standard message untouched follows the language; one written by hand stays.
            const standard = template === DUES_REMINDER_TEMPLATES[language];
            onChange(
              standard ? { language: next, template: DUES_REMINDER_TEMPLATES[next] } : { language: next },
            );
          }}
          options={DUES_REMINDER_LANGUAGES.map((l) => ({ value: l, label: INTERFACE_LANGUAGE_NAMES[l] }))}
        />
      </Flex>
      <Flex gap={8} align="center" wrap>
        <Typography.Text>{t('reminders.to')}</Typography.Text>
        {SOURCES.map((source) => (
          <Checkbox
            key={source}
            checked={to[source]}
            onChange={(event) => onChange({ to: { ...to, [source]: event.target.checked } })}
          >
            {t(`reminders.sources.${source}`)}
          </Checkbox>
        ))}
      </Flex>
    </Flex>
  );
}

/**
 * "Send dues SMS": the families of the listed defaulters, or of the rows picked,
 * get a message from a template with their dues. The preview is the confirmation: how many
 * students and messages, the SMS and their cost against the quota, and the first messages as
 * they will go out; sending is possible only for what was previewed.
 */
export function DuesReminderDialog({
  work,
  filter,
  studentIds,
  onClose,
}: {
  work: WorkAccount;
  filter: { classroomId?: string; q?: string };
  studentIds: string[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['fees', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { locale } = useLanguage();
  const money = useMoney();
  const n = (value: number) => value.toLocaleString(locale);
  const accountId = work.account.id;
  const [fields, setFields] = useState({
    template: DUES_REMINDER_TEMPLATES.en,
    language: 'en' as DuesReminderLanguage,
    to: { student: false, parent1: true, parent2: true },
  });
  const body: DuesReminderSendInput = {
    ...fields,
    classroomId: filter.classroomId,
    q: filter.q,
    ...(studentIds ? { studentIds } : {}),
  };
  const key = JSON.stringify(body);
  const [previewed, setPreviewed] = useState<{ key: string; result: DuesReminderPreview } | null>(null);
  const preview = useMutation({
    mutationFn: () => duesReminderApi.preview(accountId, body),
    onSuccess: (result) => setPreviewed({ key, result }),
  });
  const send = useMutation({
    mutationFn: () => duesReminderApi.send(accountId, body),
    onSuccess: async (queued) => {
      message.success(t('reminders.sent', { count: queued.recipients, formatted: n(queued.recipients) }));
      await refreshAfterSend(queryClient, accountId);
      onClose();
    },
  });
  const p = previewed?.key === key ? previewed.result : null;
  const sendable = p !== null && p.recipients > 0 && p.quotaMessage === null && p.problems.length === 0;

  return (
    <Modal
      open
      title={t('reminders.title')}
      onCancel={onClose}
      width={640}
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button onClick={() => preview.mutate()} loading={preview.isPending} data-testid="reminder-preview">
            {t('reminders.preview')}
          </Button>
          <Button
            type="primary"
            disabled={!sendable}
            loading={send.isPending}
            onClick={() => send.mutate()}
            data-testid="reminder-send"
          >
            {p
              ? t('reminders.send', { count: p.recipients, formatted: n(p.recipients) })
              : t('reminders.sendPlain')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {studentIds
            ? t('reminders.scopePicked', { count: studentIds.length, formatted: n(studentIds.length) })
            : t('reminders.scopeList')}
        </Typography.Text>
        <ReminderFields
          accountId={accountId}
          usesSaved={usesSavedTemplates(work.account)}
          {...fields}
          onChange={(next) => setFields((current) => ({ ...current, ...next }))}
        />
        {preview.isError ? <Alert type="error" showIcon title={translateError(t, preview.error)} /> : null}
        {send.isError ? <Alert type="error" showIcon title={translateError(t, send.error)} /> : null}
        {previewed && !p ? <Alert type="info" showIcon title={t('reminders.stale')} /> : null}
        {p ? (
          <SendReview
            testId="reminder-review"
            sampleTestId="reminder-sample"
            preview={p}
            total={p.recipients}
            facts={[
              { key: 'students', label: t('reminders.students'), children: n(p.students) },
              { key: 'due', label: t('reminders.sumDue'), children: money(p.sumDuePaisa) },
              { key: 'messages', label: t('reminders.messages'), children: n(p.recipients) },
              { key: 'sms', label: t('reminders.sms'), children: n(p.parts) },
              { key: 'cost', label: t('reminders.cost'), children: money(p.costPaisa) },
              {
                key: 'quota',
                label: t('reminders.quota'),
                children: `${n(p.quota)}${p.sharedQuota ? ` ${t('reminders.sharedQuota')}` : ''}`,
              },
            ]}
            warnings={
              <>
                {p.recipients === 0 ? (
                  <Alert type="warning" showIcon title={t('domain:DUES_REMINDER_NO_RECIPIENTS')} />
                ) : null}
                {p.noPhone > 0 ? (
                  <Alert
                    type="warning"
                    showIcon
                    title={t('reminders.noPhone', { count: p.noPhone, formatted: n(p.noPhone) })}
                  />
                ) : null}
              </>
            }
          />
        ) : null}
      </Flex>
    </Modal>
  );
}
