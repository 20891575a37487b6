import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ASSESSMENT_LIMITS, assessmentInputSchema, dayOf, SUBJECT_KINDS } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  AutoComplete,
  Button,
  Card,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../components/antd/date-picker';
import { useDrawerPlacement, useDrawerSize } from '../../components/antd/use-drawer-size';
import { translateError } from '../../lib/translate-error';
import { firstIssues, issueText } from '../../lib/zod-form';
import { type AssessmentFormValues, newPart, newSubject, toFormValues, toInput } from './assessment-values';
import {
  type AssessmentView,
  assessmentsApi,
  assessmentTermsQuery,
  refreshAssessments,
} from './assessments-api';

/**
 * Create or edit an assessment: name, term (one already used or a new one),
 * date, weight, and subjects with their parts (CQ, MCQ, practical…), each with full and pass
 * marks; a subject is compulsory or the optional fourth subject.
 */
export function AssessmentForm({
  open,
  accountId,
  classroomId,
  assessment,
  onClose,
  onSaved,
}: {
  open: boolean;
  accountId: string;
  classroomId: string;
  /** Null to create one. */
  assessment: AssessmentView | null;
  onClose: () => void;
  onSaved?: (saved: AssessmentView) => void;
}) {
  const { t } = useTranslation(['assessments', 'domain', 'errors']);
  const size = useDrawerSize(640);
  const placement = useDrawerPlacement();
  return (
    <Drawer
      placement={placement}
      open={open}
      onClose={onClose}
      size={size}
      destroyOnHidden
      title={assessment ? t('form.editTitle') : t('form.createTitle')}
    >
      {open ? (
        <FormBody
          accountId={accountId}
          classroomId={classroomId}
          assessment={assessment}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Drawer>
  );
}

function FormBody({
  accountId,
  classroomId,
  assessment,
  onClose,
  onSaved,
}: {
  accountId: string;
  classroomId: string;
  assessment: AssessmentView | null;
  onClose: () => void;
  onSaved?: (saved: AssessmentView) => void;
}) {
  const { t } = useTranslation(['assessments', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AssessmentFormValues>();
  const [problems, setProblems] = useState<string[]>([]);
  const terms = useQuery(assessmentTermsQuery(accountId, classroomId));
  const termOptions = (terms.data?.terms ?? []).map((term) => ({ value: term.term }));

  const save = useMutation({
    mutationFn: (input: ReturnType<typeof toInput>) =>
      assessment
        ? assessmentsApi.update(accountId, assessment.id, input)
        : assessmentsApi.create(accountId, classroomId, input),
    onSuccess: async (saved) => {
      message.success(t(assessment ? 'form.saved' : 'form.created', { name: saved.name }));
      await refreshAssessments(queryClient, accountId);
      onSaved?.(saved);
      onClose();
    },
    onError: (error) => setProblems([translateError(t, error)]),
  });

  const handleFinish = (values: AssessmentFormValues) => {
    const input = toInput(values);
    // The contract's own rules (duplicate subjects, pass above full…) before anything is sent.
    const issues = Object.values(firstIssues(assessmentInputSchema, input));
    if (issues.length > 0) {
      setProblems([...new Set(issues.map((issue) => issueText(t, issue)))]);
      return;
    }
    setProblems([]);
    save.mutate(input);
  };

  const required = { required: true, message: t('errors:form.required') };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={toFormValues(assessment, dayOf(Date.now()))}
      onFinish={handleFinish}
      data-testid="assessment-form"
    >
      <Flex gap={12} wrap>
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[required]}
          style={{ flex: '2 1 240px', marginBottom: 12 }}
        >
          <Input maxLength={ASSESSMENT_LIMITS.name} placeholder={t('form.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="term"
          label={t('form.term')}
          rules={[required]}
          tooltip={t('form.termHint')}
          style={{ flex: '2 1 220px', marginBottom: 12 }}
        >
          <AutoComplete
            options={termOptions}
            placeholder={t('form.termPlaceholder')}
            maxLength={ASSESSMENT_LIMITS.term}
            filterOption={(input, option) =>
              (option?.value ?? '').toLocaleLowerCase().includes(input.toLocaleLowerCase())
            }
          />
        </Form.Item>
        <Form.Item
          name="heldOn"
          label={t('form.heldOn')}
          rules={[required]}
          style={{ flex: '1 1 160px', marginBottom: 12 }}
        >
          <DatePicker format="DD-MM-YYYY" style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
        <Form.Item
          name="weight"
          label={t('form.weight')}
          tooltip={t('form.weightHint')}
          rules={[required]}
          style={{ flex: '1 1 120px', marginBottom: 12 }}
        >
          <InputNumber min={1} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Typography.Title level={5} style={{ marginTop: 4 }}>
        {t('form.subjects')}
      </Typography.Title>
      {assessment ? (
        <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
          {t('form.editHint')}
        </Typography.Paragraph>
      ) : null}
      <Form.List name="subjects">
        {(subjects, { add, remove }) => (
          <Flex vertical gap={12}>
            {subjects.map((subject, index) => (
              <SubjectFields
                key={subject.key}
                name={subject.name}
                index={index}
                onRemove={subjects.length > 1 ? () => remove(subject.name) : undefined}
              />
            ))}
            {subjects.length < ASSESSMENT_LIMITS.subjects ? (
              <Button icon={<PlusOutlined />} onClick={() => add(newSubject())} data-testid="add-subject">
                {t('form.addSubject')}
              </Button>
            ) : null}
          </Flex>
        )}
      </Form.List>
      {problems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginTop: 16 }}
          title={problems.length === 1 ? problems[0] : t('form.problems')}
          description={problems.length > 1 ? problems.join(' ') : undefined}
        />
      ) : null}
      <Flex gap={8} justify="flex-end" style={{ marginTop: 20 }}>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="assessment-save">
          {assessment ? t('form.save') : t('form.create')}
        </Button>
      </Flex>
    </Form>
  );
}

function SubjectFields({ name, index, onRemove }: { name: number; index: number; onRemove?: () => void }) {
  const { t } = useTranslation(['assessments', 'errors']);
  const required = { required: true, message: t('errors:form.required') };
  return (
    <Card size="small" data-testid="subject-fields">
      <Flex gap={8} wrap align="flex-start">
        <Form.Item
          name={[name, 'name']}
          label={t('form.subjectName', { number: index + 1 })}
          rules={[required]}
          style={{ flex: '2 1 200px', marginBottom: 8 }}
        >
          <Input maxLength={ASSESSMENT_LIMITS.name} placeholder={t('form.subjectPlaceholder')} />
        </Form.Item>
        <Form.Item
          name={[name, 'kind']}
          label={t('form.kind')}
          style={{ flex: '1 1 150px', marginBottom: 8 }}
        >
          <Select options={SUBJECT_KINDS.map((kind) => ({ value: kind, label: t(`form.kinds.${kind}`) }))} />
        </Form.Item>
        {onRemove ? (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('form.removeSubject')}
            title={t('form.removeSubject')}
            onClick={onRemove}
            style={{ marginTop: 30 }}
          />
        ) : null}
      </Flex>
      <Form.List name={[name, 'parts']}>
        {(parts, { add, remove }) => (
          <Flex vertical gap={4}>
            {parts.map((part) => (
              <Flex key={part.key} gap={8} wrap align="flex-start" data-testid="part-fields">
                <Form.Item
                  name={[part.name, 'name']}
                  label={t('form.partName')}
                  tooltip={t('form.partHint')}
                  style={{ flex: '2 1 120px', marginBottom: 4 }}
                >
                  <Input maxLength={40} placeholder={t('form.partPlaceholder')} />
                </Form.Item>
                <Form.Item
                  name={[part.name, 'fullMarks']}
                  label={t('form.fullMarks')}
                  rules={[required]}
                  style={{ flex: '1 1 90px', marginBottom: 4 }}
                >
                  <InputNumber min={0.01} max={1000} step={1} style={{ width: '100%' }} />
                </Form.Item>
                <Form.Item
                  name={[part.name, 'passMarks']}
                  label={t('form.passMarks')}
                  rules={[required]}
                  style={{ flex: '1 1 90px', marginBottom: 4 }}
                >
                  <InputNumber min={0} max={1000} step={1} style={{ width: '100%' }} />
                </Form.Item>
                {parts.length > 1 ? (
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('form.removePart')}
                    title={t('form.removePart')}
                    onClick={() => remove(part.name)}
                    style={{ marginTop: 30 }}
                  />
                ) : null}
              </Flex>
            ))}
            {parts.length < ASSESSMENT_LIMITS.parts ? (
              <Button
                type="link"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => add(newPart())}
                style={{ alignSelf: 'flex-start', paddingInline: 0 }}
              >
                {t('form.addPart')}
              </Button>
            ) : null}
          </Flex>
        )}
      </Form.List>
    </Card>
  );
}
