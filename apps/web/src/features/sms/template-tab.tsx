import { EyeOutlined } from '@ant-design/icons';
import { planTemplateMessages, type SheetCell } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Flex, Row, Switch, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../components/antd/date-picker';
import type { WorkAccount } from '../../lib/use-work-account';
import { AiWriter } from './ai-writer';
import {
  type SmsTemplate,
  type SmsTemplatePreview,
  type SmsTemplateSend,
  smsApi,
  smsTemplatesQuery,
  type TemplateSheet,
} from './sms-api';
import {
  detectedPhoneColumn,
  savedSource,
  sourceBody,
  TemplateEditor,
  useTemplateProblems,
} from './template-editor';
import { TemplatePreview } from './template-preview';
import { TemplateReviewModal } from './template-review-modal';
import { TemplateManage, TemplateSaveActions } from './template-saved';
import { TemplateUpload } from './template-upload';
import { useSendReview } from './use-send-review';

const NO_HEADERS: readonly SheetCell[] = [];
const NO_TEMPLATES: readonly SmsTemplate[] = [];

/**
 * Messages from a spreadsheet (the SMS capability's "Templates from a spreadsheet"): upload a marks sheet or
 * a dues list, write one template with its columns, see every row's message and the rows left
 * out, then let the server price it and send. Saved and ready-made templates are a start.
 */
export function TemplateTab({ work, onSent }: { work: WorkAccount; onSent: () => void }) {
  const { t } = useTranslation(['sms', 'domain', 'errors']);
  const accountId = work.account.id;
  const templates = useQuery(smsTemplatesQuery(accountId));
  const saved = templates.data?.items ?? NO_TEMPLATES;

  const [sheet, setSheet] = useState<TemplateSheet | null>(null);
  const [text, setText] = useState('');
  const [phoneColumn, setPhoneColumn] = useState<string | undefined>(undefined);
  const [source, setSource] = useState<string | null>(null);
  const [urgent, setUrgent] = useState(false);
  const [later, setLater] = useState(false);
  const [sendAt, setSendAt] = useState<Dayjs | null>(null);
  const review = useSendReview<SmsTemplateSend, SmsTemplatePreview>({
    accountId,
    preview: (body) => smsApi.templatePreview(accountId, body),
    send: (body) => smsApi.templateSend(accountId, body),
    sentKey: 'templates.sent',
    // The sheet stays for another message to the same rows; this one is done.
    onSent: () => {
      setText('');
      setSource(null);
      onSent();
    },
  });
  const setFailure = review.setFailure;

  const headers = sheet?.rows[0] ?? NO_HEADERS;
  const editing = source ? saved.find((s) => savedSource(s.id) === source) : undefined;
  // Typing stays quick on a sheet of thousands of rows: the preview follows a moment behind.
  const deferred = useDeferredValue(text);
  const plan = useMemo(
    () => (sheet ? planTemplateMessages(deferred, sheet.rows, phoneColumn ? { phoneColumn } : {}) : null),
    [deferred, sheet, phoneColumn],
  );
  const problems = useTemplateProblems(deferred, sheet ? headers : null, phoneColumn);

  const handleSheet = (next: TemplateSheet | null) => {
    setSheet(next);
    setFailure(null);
    setPhoneColumn(next ? detectedPhoneColumn(next.rows[0] ?? NO_HEADERS) : undefined);
  };

  const handleText = (next: string) => {
    setText(next);
    setFailure(null);
  };

  const handleSource = (next: string) => {
    const body = sourceBody(next, saved);
    if (body === null) return;
    setSource(next);
    handleText(body);
  };

  const handleReview = async () => {
    if (!sheet) return;
    if (text.trim() === '') return setFailure(t('templates.emptyText'));
    if (later && !sendAt) return setFailure(t('compose.sendAtRequired'));
    const options = phoneColumn ? { phoneColumn } : {};
    if (planTemplateMessages(text, sheet.rows, options).messages.length === 0)
      return setFailure(t('domain:SMS_TEMPLATE_NO_MESSAGES'));
    const body: SmsTemplateSend = {
      template: text,
      rows: sheet.rows,
      ...options,
      urgent,
      sendAt: later && sendAt ? sendAt.valueOf() : null,
    };
    await review.open(body);
  };

  return (
    <Flex vertical gap={20}>
      <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 720 }}>
        {t('templates.intro')}
      </Typography.Paragraph>
      <section aria-labelledby="template-step1">
        <Typography.Title level={5} id="template-step1" style={{ marginTop: 0 }}>
          {t('templates.step1')}
        </Typography.Title>
        <TemplateUpload accountId={accountId} sheet={sheet} onSheet={handleSheet} />
      </section>
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={11}>
          <section aria-labelledby="template-step2">
            <Typography.Title level={5} id="template-step2" style={{ marginTop: 0 }}>
              {t('templates.step2')}
            </Typography.Title>
            <Flex vertical gap={16}>
              <TemplateEditor
                headers={headers}
                text={text}
                onText={handleText}
                phoneColumn={phoneColumn}
                onPhoneColumn={setPhoneColumn}
                source={editing || !source?.startsWith('saved:') ? source : null}
                onSource={handleSource}
                saved={saved}
                problems={problems}
              />
              <div>
                <AiWriter accountId={accountId} kind="template" template={text} onPick={handleText} />
              </div>
              <Flex gap={8} wrap>
                <TemplateSaveActions
                  accountId={accountId}
                  body={text}
                  editing={editing}
                  onSaved={(template) => setSource(savedSource(template.id))}
                />
                <TemplateManage
                  accountId={accountId}
                  saved={saved}
                  onUse={(template) => {
                    setSource(savedSource(template.id));
                    handleText(template.body);
                  }}
                />
              </Flex>
              {editing ? (
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {t('templates.saved.editing', { name: editing.name })}
                </Typography.Text>
              ) : null}
              <Flex gap={8} align="flex-start">
                <Switch id="template-urgent" checked={urgent} onChange={setUrgent} />
                <div>
                  <label htmlFor="template-urgent">{t('compose.urgent')}</label>
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                    {t('compose.urgentHelp')}
                  </Typography.Text>
                </div>
              </Flex>
              <Flex gap={8} align="center" wrap>
                <Switch id="template-later" checked={later} onChange={setLater} />
                <label htmlFor="template-later">{t('compose.later')}</label>
                {later ? (
                  <DatePicker
                    value={sendAt}
                    onChange={setSendAt}
                    showTime={{ format: 'HH:mm', minuteStep: 5 }}
                    format="DD-MM-YYYY HH:mm"
                    aria-label={t('compose.sendAt')}
                    placeholder={t('compose.sendAt')}
                    disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
                  />
                ) : null}
              </Flex>
              {review.failure ? <Alert type="error" showIcon title={review.failure} role="alert" /> : null}
              <div>
                <Button
                  type="primary"
                  icon={<EyeOutlined />}
                  loading={review.checking}
                  disabled={!sheet}
                  onClick={handleReview}
                >
                  {t('templates.button')}
                </Button>
              </div>
            </Flex>
          </section>
        </Col>
        <Col xs={24} xl={13}>
          <section aria-labelledby="template-step3">
            <Typography.Title level={5} id="template-step3" style={{ marginTop: 0 }}>
              {t('templates.step3')}
            </Typography.Title>
            <TemplatePreview plan={plan} hasText={deferred.trim() !== ''} />
          </section>
        </Col>
      </Row>
      <TemplateReviewModal
        preview={review.preview}
        problems={problems}
        onCancel={review.close}
        onConfirm={review.confirm}
      />
    </Flex>
  );
}
