import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refresh } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import { useDigits } from '../../lib/use-digits';
import { assignmentsApi } from './assignments-api';

/**
 * "Marks may flow into an assessment": after a confirmation naming the term, the assignment's
 * marks go into an assessment of each of its classrooms (made the first time, updated after);
 * students without a mark stay blank there.
 */
export function ToAssessment({ accountId, assignmentId }: { accountId: string; assignmentId: string }) {
  const { t } = useTranslation(['assignments', 'domain', 'errors']);
  const { message } = App.useApp();
  const digits = useDigits();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ term: string }>();
  const send = useMutation({
    mutationFn: ({ term }: { term: string }) =>
      assignmentsApi.toAssessment(accountId, assignmentId, { term }),
    onSuccess: async (answer) => {
      const marked = answer.assessments.reduce((sum, a) => sum + a.marked, 0);
      message.success(t('toAssessment.done', { count: marked, marked: digits(marked) }));
      await refresh(queryClient, 'assessments', { accountId });
      setOpen(false);
    },
    onError: (error) => message.error({ content: translateError(t, error), duration: 5 }),
  });
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="to-assessment">
        {t('toAssessment.button')}
      </Button>
      <Modal
        open={open}
        title={t('toAssessment.title')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t('toAssessment.confirm')}
        confirmLoading={send.isPending}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('toAssessment.explain')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={(f) => send.mutate({ term: f.term.trim() })}>
          <Form.Item
            name="term"
            label={t('toAssessment.term')}
            rules={[{ required: true, whitespace: true, message: t('toAssessment.termRequired') }]}
          >
            <Input
              maxLength={80}
              placeholder={t('toAssessment.termPlaceholder')}
              data-testid="to-assessment-term"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
