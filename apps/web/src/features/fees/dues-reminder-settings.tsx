import type { DuesReminderSettings } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Select, Skeleton, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { refresh } from '../../lib/api-client';
import { formatMonth } from '../../lib/billing-month';
import { formatDateTime } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import type { WorkAccount } from '../../lib/use-work-account';
import { duesReminderApi, duesReminderSettingsQuery, usesSavedTemplates } from './dues-reminder-api';
import { ReminderFields } from './dues-reminder-dialog';

const DAYS = Array.from({ length: 28 }, (_, i) => i + 1);
type Fields = Omit<DuesReminderSettings, 'lastRun'>;

/**
 * The automatic monthly dues reminder (beyond the spec): on a chosen day every
 * month, each family that owes gets the message, once, from the jobs worker. Owners and admins.
 */
export function DuesReminderSettingsCard({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['fees', 'domain', 'errors']);
  const { message } = App.useApp();
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const accountId = work.account.id;
  const settings = useQuery(duesReminderSettingsQuery(accountId));
  const [fields, setFields] = useState<Fields | null>(null);
  useEffect(() => {
    if (settings.data) {
      const { lastRun: _, ...rest } = settings.data;
      setFields(rest);
    }
  }, [settings.data]);
  const save = useMutation({
    mutationFn: (body: Fields) => duesReminderApi.saveSettings(accountId, body),
    onSuccess: async () => {
      message.success(t('reminders.settings.saved'));
      await refresh(queryClient, 'dues-reminders', { accountId });
    },
  });

  if (settings.isError && !settings.data)
    return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data || !fields) return <Skeleton active paragraph={{ rows: 4 }} />;
  const last = settings.data.lastRun;
  const update = (next: Partial<Fields>) => setFields({ ...fields, ...next });

  return (
    <Flex vertical gap={12} style={{ maxWidth: 640 }} data-testid="reminder-settings">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('reminders.settings.title')}
      </Typography.Title>
      <Typography.Text type="secondary">
        {t('reminders.settings.intro', { student: work.words.student })}
      </Typography.Text>
      <Flex gap={10} align="center" component="label">
        <Switch
          checked={fields.enabled}
          onChange={(enabled) => update({ enabled })}
          aria-label={t('reminders.settings.enabled')}
        />
        <Typography.Text>{t('reminders.settings.enabled')}</Typography.Text>
      </Flex>
      <Flex gap={8} align="center" wrap>
        <Typography.Text>{t('reminders.settings.day')}</Typography.Text>
        <Select
          aria-label={t('reminders.settings.day')}
          value={fields.dayOfMonth}
          onChange={(dayOfMonth) => update({ dayOfMonth })}
          options={DAYS.map((day) => ({ value: day, label: day.toLocaleString(locale) }))}
          style={{ width: 90 }}
        />
      </Flex>
      <ReminderFields
        accountId={accountId}
        usesSaved={usesSavedTemplates(work.account)}
        template={fields.template}
        language={fields.language}
        to={fields.to}
        onChange={update}
      />
      {save.isError ? <Alert type="error" showIcon title={translateError(t, save.error)} /> : null}
      <Typography.Text type="secondary" data-testid="reminder-last-run">
        {last
          ? t('reminders.settings.lastRun', {
              month: formatMonth(last.month, locale),
              when: formatDateTime(last.at, locale),
              outcome: t(`reminders.settings.outcomes.${last.outcome}`, {
                count: last.recipients,
                formatted: last.recipients.toLocaleString(locale),
              }),
            })
          : t('reminders.settings.never')}
      </Typography.Text>
      <div>
        <Button
          type="primary"
          loading={save.isPending}
          disabled={!fields.template.trim()}
          onClick={() => save.mutate(fields)}
          data-testid="reminder-settings-save"
        >
          {t('reminders.settings.save')}
        </Button>
      </div>
    </Flex>
  );
}
