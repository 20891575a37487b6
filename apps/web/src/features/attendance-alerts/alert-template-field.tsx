import {
  ATTENDANCE_ALERT_TEMPLATE_MAX,
  ATTENDANCE_ALERT_TEMPLATES,
  type AttendanceAlertKind,
  type AttendanceAlertLanguage,
  attendanceAlertTemplateProblems,
  dayOf,
  dayStartMs,
  languageDirection,
  renderAttendanceAlert,
  smsCount,
} from '@batchwise/domain';
import { Button, Card, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SmsCountLine } from '../../components/sms-count-line';

const MINUTE_MS = 60_000;
/** The preview's moments today (Bangladesh): an entry at 8:05, an exit at 5:10 PM, a session at 8:00. */
const SAMPLE_MINUTES: Record<AttendanceAlertKind, number> = {
  entry: 8 * 60 + 5,
  exit: 17 * 60 + 10,
  absence: 8 * 60,
};

export interface PreviewContext {
  institution: string;
  classroom: string;
}

/**
 * One alert template with what it will send, rendered in the browser by the same domain rules the
 * server sends with (template rules, Bangladesh time, gateway parts), so the preview never
 * disagrees with the SMS.
 */
export function AlertTemplateField({
  kind,
  language,
  value,
  onChange,
  context,
}: {
  kind: AttendanceAlertKind;
  language: AttendanceAlertLanguage;
  value: string;
  onChange: (next: string) => void;
  context: PreviewContext;
}) {
  const { t } = useTranslation(['attendance-alerts', 'domain']);
  const problems = attendanceAlertTemplateProblems(value);
  const rendered =
    problems.length === 0 && value.trim() !== ''
      ? renderAttendanceAlert(
          value,
          {
            kind,
            name: t('preview.name'),
            customId: 'ID-12',
            phone: '+8801711000000',
            at: dayStartMs(dayOf(Date.now())) + SAMPLE_MINUTES[kind] * MINUTE_MS,
            institution: context.institution,
            classroom: context.classroom,
          },
          language,
        )
      : null;
  const counted = rendered ? smsCount(rendered.text, 'template') : null;
  const id = `alert-template-${kind}-${language}`;
  const isDefault = value === ATTENDANCE_ALERT_TEMPLATES[kind][language];
  return (
    <Flex vertical gap={6} data-testid={id}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text strong>
          <label htmlFor={id}>{t(`kinds.${kind}`)}</label>
        </Typography.Text>
        <Button
          size="small"
          type="link"
          disabled={isDefault}
          onClick={() => onChange(ATTENDANCE_ALERT_TEMPLATES[kind][language])}
        >
          {t('template.reset')}
        </Button>
      </Flex>
      <Input.TextArea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={ATTENDANCE_ALERT_TEMPLATE_MAX}
        lang={language}
        dir={languageDirection(language)}
        status={problems.length > 0 ? 'error' : undefined}
      />
      {problems.map((problem) => (
        <Typography.Text
          key={`${problem.code}-${JSON.stringify(problem.params)}`}
          type="danger"
          style={{ fontSize: 13 }}
        >
          {t(`domain:${problem.code}`, { ...problem.params, defaultValue: problem.message })}
        </Typography.Text>
      ))}
      {rendered && counted ? (
        <Card size="small" styles={{ body: { padding: '8px 12px' } }} data-testid={`${id}-preview`}>
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            {t('preview.title')}
          </Typography.Text>
          <Typography.Paragraph
            style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            lang={language}
            dir={languageDirection(language)}
          >
            {rendered.text}
          </Typography.Paragraph>
          <SmsCountLine count={counted} testId={`${id}-parts`} />
        </Card>
      ) : value.trim() !== '' && problems.length === 0 ? (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('preview.leftOut')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
