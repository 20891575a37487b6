import {
  type GradeScaleMode,
  INTERFACE_LANGUAGE_NAMES,
  RESULT_SMS_LANGUAGES,
  RESULT_SMS_TEMPLATES,
  type ResultSmsLanguage,
  type ResultSmsPreview,
  reportCardEndpoints,
} from '@batchwise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SendReview } from '../../components/antd/send-review';
import { call, refresh } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { useMoney } from '../../lib/use-money';

/**
 * "Send result SMS": each family of the term (or of the students picked) gets
 * the marks summary and a link to the card, to the first guardian's phone or else the student's.
 * The preview is the confirmation — how many families, the SMS and their cost against the quota,
 * the first messages as they will go out — and only what was previewed can be sent.
 */
export function ResultSmsDialog({
  accountId,
  classroomId,
  term,
  mode,
  studentIds,
  onClose,
}: {
  accountId: string;
  classroomId: string;
  term: string;
  mode: GradeScaleMode;
  studentIds: string[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['report-cards', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { locale, language: readerLanguage } = useLanguage();
  const uiLanguage = readerLanguage;
  const money = useMoney();
  const n = (value: number) => value.toLocaleString(locale);
  const [language, setLanguage] = useState<ResultSmsLanguage>(uiLanguage);
  const [template, setTemplate] = useState(RESULT_SMS_TEMPLATES[mode][uiLanguage]);
  const body = { term, template, language, ...(studentIds ? { studentIds } : {}) };
  const key = JSON.stringify(body);
  const params = { accountId, classroomId };
  const [previewed, setPreviewed] = useState<{ key: string; result: ResultSmsPreview } | null>(null);
  const preview = useMutation({
    mutationFn: () => call(reportCardEndpoints.resultSmsPreview, { params, body }),
    onSuccess: (result) => setPreviewed({ key, result }),
  });
  const send = useMutation({
    mutationFn: () => call(reportCardEndpoints.resultSmsSend, { params, body }),
    onSuccess: async (queued) => {
      message.success(t('sms.sent', { count: queued.recipients, formatted: n(queued.recipients) }));
      await Promise.all([
        refresh(queryClient, 'report-cards', { accountId }),
        refresh(queryClient, 'sms-quota'),
        refresh(queryClient, 'sms-sends', { accountId }),
      ]);
      onClose();
    },
  });
  const p = previewed?.key === key ? previewed.result : null;
  const sendable = p !== null && p.students > 0 && p.quotaMessage === null && p.problems.length === 0;
  const handleLanguage = (next: ResultSmsLanguage) => {
    // The standard message untouched follows the language; one written by hand stays.
    if (template === RESULT_SMS_TEMPLATES[mode][language]) setTemplate(RESULT_SMS_TEMPLATES[mode][next]);
    setLanguage(next);
  };

  return (
    <Modal
      open
      title={t('sms.title')}
      onCancel={onClose}
      width={640}
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button
            onClick={() => preview.mutate()}
            loading={preview.isPending}
            data-testid="result-sms-preview"
          >
            {t('sms.preview')}
          </Button>
          <Button
            type="primary"
            disabled={!sendable}
            loading={send.isPending}
            onClick={() => send.mutate()}
            data-testid="result-sms-send"
          >
            {p ? t('sms.send', { count: p.students, formatted: n(p.students) }) : t('sms.sendPlain')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {studentIds
            ? t('sms.scopePicked', { count: studentIds.length, formatted: n(studentIds.length) })
            : t('sms.scopeAll', { term })}
        </Typography.Text>
        <Flex gap={8} align="center" wrap>
          <Typography.Text>{t('sms.language')}</Typography.Text>
          <Radio.Group
            value={language}
            onChange={(event) => handleLanguage(event.target.value as ResultSmsLanguage)}
            options={RESULT_SMS_LANGUAGES.map((l) => ({ value: l, label: INTERFACE_LANGUAGE_NAMES[l] }))}
          />
        </Flex>
        <Flex vertical gap={4}>
          <Typography.Text strong>{t('sms.message')}</Typography.Text>
          <Input.TextArea
            aria-label={t('sms.message')}
            value={template}
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={2000}
            onChange={(event) => setTemplate(event.target.value)}
            data-testid="result-sms-template"
          />
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('sms.placeholders')}
          </Typography.Text>
        </Flex>
        {preview.isError ? <Alert type="error" showIcon title={translateError(t, preview.error)} /> : null}
        {send.isError ? <Alert type="error" showIcon title={translateError(t, send.error)} /> : null}
        {previewed && !p ? <Alert type="info" showIcon title={t('sms.stale')} /> : null}
        {p ? (
          <SendReview
            testId="result-sms-review"
            sampleTestId="result-sms-sample"
            preview={p}
            total={p.students}
            facts={[
              { key: 'students', label: t('sms.families'), children: n(p.students) },
              { key: 'sms', label: t('sms.parts'), children: n(p.parts) },
              { key: 'cost', label: t('sms.cost'), children: money(p.costPaisa) },
              { key: 'quota', label: t('sms.quota'), children: n(p.quota) },
            ]}
            warnings={
              <>
                {p.students === 0 ? (
                  <Alert type="warning" showIcon title={t('domain:RESULT_SMS_NO_RECIPIENTS')} />
                ) : null}
                {p.incomplete > 0 ? (
                  <Alert
                    type="warning"
                    showIcon
                    title={t('sms.incomplete', { count: p.incomplete, formatted: n(p.incomplete) })}
                  />
                ) : null}
                {p.noPhone > 0 ? (
                  <Alert
                    type="warning"
                    showIcon
                    title={t('sms.noPhone', { count: p.noPhone, formatted: n(p.noPhone) })}
                  />
                ) : null}
              </>
            }
            note={
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {t('sms.linkNote')}
              </Typography.Text>
            }
          />
        ) : null}
      </Flex>
    </Modal>
  );
}
