import { SaveOutlined } from '@ant-design/icons';
import { renderWelcomeSms, smsCount, WELCOME_SMS_PLACEHOLDERS } from '@batchwise/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Col, Flex, Form, Input, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { useSmsCountText } from '../../components/sms-count-line';
import { refresh } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import type { WorkAccount } from '../../lib/use-work-account';
import { smsApi, type WelcomeSmsSettings, welcomeSmsQuery } from './sms-api';

const MAX_LENGTH = 500;

/** Who gets an SMS when a student is added, and what it says, with a live preview of one. */
export function WelcomeTab({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['sms', 'domain', 'errors']);
  const settings = useQuery(welcomeSmsQuery(work.account.id));
  if (settings.isError && !settings.data)
    return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton active aria-label={t('welcome.loading')} />;
  return <WelcomeForm work={work} saved={settings.data} />;
}

function WelcomeForm({ work, saved }: { work: WorkAccount; saved: WelcomeSmsSettings }) {
  const { t } = useTranslation(['sms', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<WelcomeSmsSettings>();
  const [saving, setSaving] = useState(false);
  const values = Form.useWatch([], form) ?? saved;
  const { words, account } = work;

  const text = (values.message ?? '').trim();
  const off = text === '' || !(values.includeStudent || values.includeParent1 || values.includeParent2);
  const preview = renderWelcomeSms(text, {
    name: t('welcome.sample.name'),
    id: 'ID-1',
    institution: account.institution || t('welcome.sample.institution'),
    classroom: t('welcome.sample.classroom'),
  });
  const count = smsCount(preview, 'welcome');
  const counted = useSmsCountText();

  const handleSave = async (next: WelcomeSmsSettings) => {
    setSaving(true);
    try {
      const answer = await smsApi.saveWelcome(account.id, { ...next, message: next.message.trim() });
      form.setFieldsValue(answer);
      message.success(t('welcome.saved'));
      await refresh(queryClient, 'sms-welcome', { accountId: account.id });
    } catch (error) {
      message.error({ content: translateError(t, error), duration: 6 });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<WelcomeSmsSettings> form={form} layout="vertical" initialValues={saved} onFinish={handleSave}>
      <Typography.Paragraph type="secondary">
        {t('welcome.intro', { student: words.student })}
      </Typography.Paragraph>
      <Alert
        type={off ? 'warning' : 'success'}
        showIcon
        style={{ marginBottom: 16 }}
        title={off ? t('welcome.off') : t('welcome.on', { student: words.student })}
      />
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={14}>
          <Form.Item label={t('welcome.to')} required={false}>
            <Flex gap={8} wrap>
              <Form.Item name="includeStudent" valuePropName="checked" noStyle>
                <Checkbox>{t('compose.toStudent', { student: words.cap(words.student) })}</Checkbox>
              </Form.Item>
              <Form.Item name="includeParent1" valuePropName="checked" noStyle>
                <Checkbox>{t('compose.toParent1')}</Checkbox>
              </Form.Item>
              <Form.Item name="includeParent2" valuePropName="checked" noStyle>
                <Checkbox>{t('compose.toParent2')}</Checkbox>
              </Form.Item>
            </Flex>
          </Form.Item>
          <Form.Item
            name="message"
            label={t('welcome.message')}
            extra={
              // The character count sits under the box's right edge; the hint starts below it.
              <Flex vertical gap={2} style={{ marginTop: 20 }}>
                <span>{t('welcome.placeholders', { student: words.student })}</span>
                {WELCOME_SMS_PLACEHOLDERS.map((key) => (
                  <span key={key}>
                    <Typography.Text code>{`{${key}}`}</Typography.Text>{' '}
                    {t(`welcome.placeholder.${key}`, {
                      student: words.student,
                      classrooms: words.classrooms,
                    })}
                  </span>
                ))}
              </Flex>
            }
            rules={[
              { max: MAX_LENGTH, message: t('welcome.tooLong', { max: MAX_LENGTH.toLocaleString(locale) }) },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} maxLength={MAX_LENGTH} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('welcome.preview')}>
            <Typography.Paragraph
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginBottom: 8 }}
              type={preview ? undefined : 'secondary'}
            >
              {preview || t('welcome.previewEmpty')}
            </Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {t('welcome.count', {
                sms: counted.sms(count.sms),
                rule: counted.rule('welcome', count.perSms),
              })}
            </Typography.Text>
          </Card>
        </Col>
      </Row>
      <Button
        type="primary"
        htmlType="submit"
        icon={<SaveOutlined />}
        loading={saving}
        style={{ marginTop: 16 }}
      >
        {t('welcome.save')}
      </Button>
    </Form>
  );
}
