import { CarryOutOutlined } from '@ant-design/icons';
import { ASSESSMENT_LIMITS, dayOf, questionPaperEndpoints, type SavedPaper } from '@batchwise/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DatePicker } from '../../components/antd/date-picker';
import { call } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import { useDigits } from '../../lib/use-digits';
import { Field } from './field';

/**
 * Reuse a saved paper as an assessment of its classroom: one subject, the paper's, with the
 * paper's total as full marks (the server sets the boards' 33% pass mark); marks are then entered
 * on the assessment as for any other.
 */
export function PaperAssessmentButton({ accountId, paper }: { accountId: string; paper: SavedPaper }) {
  const { t } = useTranslation(['question-papers', 'domain', 'errors']);
  const digits = useDigits();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(paper.title);
  const [term, setTerm] = useState('');
  // Today in Bangladesh, as the assessment form's default, whatever zone the browser is set to.
  const [heldOn, setHeldOn] = useState<Dayjs>(() => dayjs(dayOf(Date.now())));
  const create = useMutation({
    mutationFn: () =>
      call(questionPaperEndpoints.paperAssessment, {
        params: { accountId, paperId: paper.id },
        body: { name, term, heldOn: heldOn.format('YYYY-MM-DD') },
      }),
  });
  return (
    <>
      <Button icon={<CarryOutOutlined />} onClick={() => setOpen(true)}>
        {t('assessment.open')}
      </Button>
      <Modal
        open={open}
        title={t('assessment.title')}
        onCancel={() => setOpen(false)}
        okText={t('assessment.create')}
        cancelText={t('actions.cancel')}
        okButtonProps={{
          loading: create.isPending,
          disabled: !!create.data || name.trim() === '' || term.trim() === '',
        }}
        onOk={() => create.mutate()}
      >
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            {t('assessment.intro', { marks: digits(paper.totalMarks), subject: paper.subject })}
          </Typography.Text>
          <Field label={t('assessment.name')}>
            {(id) => (
              <Input
                id={id}
                value={name}
                maxLength={ASSESSMENT_LIMITS.name}
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </Field>
          <Field label={t('assessment.term')}>
            {(id) => (
              <Input
                id={id}
                value={term}
                maxLength={ASSESSMENT_LIMITS.term}
                placeholder={t('assessment.termPlaceholder')}
                onChange={(e) => setTerm(e.target.value)}
              />
            )}
          </Field>
          <Field label={t('assessment.heldOn')}>
            {(id) => (
              <DatePicker
                id={id}
                format="DD-MM-YYYY"
                value={heldOn}
                allowClear={false}
                onChange={(value) => value && setHeldOn(value)}
                style={{ width: '100%' }}
              />
            )}
          </Field>
          {create.isError ? <Alert type="error" showIcon title={translateError(t, create.error)} /> : null}
          {create.data ? (
            <Alert
              type="success"
              showIcon
              title={t('assessment.created', { name: create.data.name })}
              description={
                <Link to={`../assessments/${accountId}/${create.data.id}`}>{t('assessment.enterMarks')}</Link>
              }
            />
          ) : null}
        </Flex>
      </Modal>
    </>
  );
}
