import {
  ATTENDANCE_ALERT_KINDS,
  ATTENDANCE_ALERT_LANGUAGES,
  ATTENDANCE_LATE_AFTER_MAX,
  ATTENDANCE_SMS_MODES,
  ATTENDANCE_SMS_WINDOW,
  type AttendanceAlertLanguage,
  type AttendanceAlertSettings,
  attendanceAlertTemplateProblems,
  INTERFACE_LANGUAGE_NAMES,
} from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, InputNumber, Radio, Skeleton, Switch, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { refresh } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { AlertTemplateField } from './alert-template-field';
import { alertSettingsQuery, attendanceAlertsApi } from './attendance-alerts-api';

type Fields = Pick<
  AttendanceAlertSettings,
  'smsMode' | 'smsWindowMinutes' | 'absenceSms' | 'lateAfterMinutes' | 'language' | 'templates'
>;

function fieldsOf(settings: AttendanceAlertSettings): Fields {
  const { smsMode, smsWindowMinutes, absenceSms, lateAfterMinutes, language, templates } = settings;
  return { smsMode, smsWindowMinutes, absenceSms, lateAfterMinutes, language, templates };
}

/**
 * One classroom's parent SMS: mode, window, absence SMS and late time, the language they go out
 * in (any interface language, each named in itself) and the templates of each language.
 */
export function AlertSettingsForm({ accountId, classroomId }: { accountId: string; classroomId: string }) {
  const { t } = useTranslation(['attendance-alerts', 'domain', 'errors']);
  const { message, modal } = App.useApp();
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const settings = useQuery(alertSettingsQuery(accountId, classroomId));
  const [fields, setFields] = useState<Fields | null>(null);
  const [tab, setTab] = useState<AttendanceAlertLanguage>('bn');
  useEffect(() => {
    if (settings.data) {
      setFields(fieldsOf(settings.data));
      setTab(settings.data.language);
    }
  }, [settings.data]);
  const save = useMutation({
    mutationFn: (body: Fields) => attendanceAlertsApi.save(accountId, classroomId, body),
    onSuccess: async () => {
      message.success(t('settings.saved'));
      await refresh(queryClient, 'attendance-alerts');
    },
  });

  if (settings.isError && !settings.data)
    return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data || !fields) return <Skeleton active paragraph={{ rows: 6 }} />;
  const data = settings.data;
  const update = (next: Partial<Fields>) => setFields({ ...fields, ...next });
  const setTemplate = (
    kind: (typeof ATTENDANCE_ALERT_KINDS)[number],
    language: AttendanceAlertLanguage,
    text: string,
  ) =>
    update({ templates: { ...fields.templates, [kind]: { ...fields.templates[kind], [language]: text } } });
  const broken = ATTENDANCE_ALERT_KINDS.some((kind) =>
    ATTENDANCE_ALERT_LANGUAGES.some(
      (language) =>
        fields.templates[kind][language].trim() === '' ||
        attendanceAlertTemplateProblems(fields.templates[kind][language]).length > 0,
    ),
  );
  const turnsOn =
    (fields.smsMode !== 'off' && data.smsMode === 'off') || (fields.absenceSms && !data.absenceSms);
  const handleSave = () => {
    // Once on, every punch spends SMS quota without anyone pressing send: say so once.
    if (!turnsOn) return save.mutate(fields);
    modal.confirm({
      title: t('settings.confirmTitle'),
      content: t('settings.confirmText'),
      okText: t('settings.confirmOk'),
      cancelText: t('settings.cancel'),
      onOk: () => save.mutate(fields),
    });
  };

  return (
    <Flex vertical gap={16} data-testid="alert-settings">
      <Card size="small" title={t('settings.sending')}>
        <Flex vertical gap={14}>
          <Flex vertical gap={6}>
            <Typography.Text strong id="alert-mode-label">
              {t('settings.mode')}
            </Typography.Text>
            <Radio.Group
              aria-labelledby="alert-mode-label"
              value={fields.smsMode}
              onChange={(event) => update({ smsMode: event.target.value })}
              style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
            >
              {ATTENDANCE_SMS_MODES.map((mode) => (
                <Radio key={mode} value={mode} data-testid={`alert-mode-${mode}`}>
                  {t(`modes.${mode}`)}
                </Radio>
              ))}
            </Radio.Group>
          </Flex>
          <NumberRow
            label={t('settings.window')}
            help={t('settings.windowHelp')}
            value={fields.smsWindowMinutes}
            min={ATTENDANCE_SMS_WINDOW.min}
            max={ATTENDANCE_SMS_WINDOW.max}
            onChange={(smsWindowMinutes) => update({ smsWindowMinutes })}
            testId="alert-window"
          />
          <Flex gap={10} align="center" component="label">
            <Switch
              checked={fields.absenceSms}
              onChange={(absenceSms) => update({ absenceSms })}
              aria-label={t('settings.absence')}
              data-testid="alert-absence"
            />
            <Typography.Text>{t('settings.absence')}</Typography.Text>
          </Flex>
          <NumberRow
            label={t('settings.late')}
            help={t('settings.lateHelp')}
            value={fields.lateAfterMinutes}
            min={0}
            max={ATTENDANCE_LATE_AFTER_MAX}
            onChange={(lateAfterMinutes) => update({ lateAfterMinutes })}
            testId="alert-late"
          />
          <Flex vertical gap={6}>
            <Typography.Text strong id="alert-language-label">
              {t('settings.language')}
            </Typography.Text>
            <Radio.Group
              aria-labelledby="alert-language-label"
              value={fields.language}
              onChange={(event) => update({ language: event.target.value })}
              options={ATTENDANCE_ALERT_LANGUAGES.map((language) => ({
                value: language,
                label: INTERFACE_LANGUAGE_NAMES[language],
              }))}
              data-testid="alert-language"
            />
          </Flex>
        </Flex>
      </Card>
      <Card size="small" title={t('settings.templates')}>
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {t('settings.templatesHelp')}
        </Typography.Paragraph>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as AttendanceAlertLanguage)}
          items={ATTENDANCE_ALERT_LANGUAGES.map((language) => ({
            key: language,
            label:
              language === fields.language
                ? t('settings.sentTab', { language: INTERFACE_LANGUAGE_NAMES[language] })
                : INTERFACE_LANGUAGE_NAMES[language],
            children: (
              <Flex vertical gap={16}>
                {ATTENDANCE_ALERT_KINDS.map((kind) => (
                  <AlertTemplateField
                    key={kind}
                    kind={kind}
                    language={language}
                    value={fields.templates[kind][language]}
                    onChange={(text) => setTemplate(kind, language, text)}
                    context={{ institution: data.institution, classroom: data.classroomName }}
                  />
                ))}
              </Flex>
            ),
          }))}
        />
      </Card>
      {save.isError ? <Alert type="error" showIcon title={translateError(t, save.error)} /> : null}
      <Flex gap={12} align="center" wrap>
        <Button
          type="primary"
          loading={save.isPending}
          disabled={broken}
          onClick={handleSave}
          data-testid="alert-save"
        >
          {t('settings.save')}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {data.updatedAt
            ? t('settings.updated', { when: formatDateTime(data.updatedAt, locale) })
            : t('settings.never')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

function NumberRow(props: {
  label: string;
  help: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  testId: string;
}) {
  const { t } = useTranslation('attendance-alerts');
  return (
    <Flex vertical gap={4}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>
          <label htmlFor={props.testId}>{props.label}</label>
        </Typography.Text>
        <InputNumber
          id={props.testId}
          data-testid={props.testId}
          value={props.value}
          min={props.min}
          max={props.max}
          precision={0}
          onChange={(value) => props.onChange(typeof value === 'number' ? value : props.min)}
          style={{ width: 110 }}
          suffix={t('settings.minutes')}
        />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {props.help}
      </Typography.Text>
    </Flex>
  );
}
