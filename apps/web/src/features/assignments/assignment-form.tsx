import { PaperClipOutlined } from '@ant-design/icons';
import { ADMISSION_ATTACHMENT_LIMITS, ASSIGNMENT_LIMITS, dueAtOf, dueTimeParts } from '@batchwise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input, InputNumber, Modal, Select, Switch, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker, TimePicker } from '../../components/antd/date-picker';
import { translateError } from '../../lib/translate-error';
import {
  type Assignment,
  type AssignmentFile,
  type AssignmentInput,
  assignmentsApi,
  refreshAssignments,
} from './assignments-api';

interface Values {
  title: string;
  instructions: string;
  classroomIds: string[];
  dueDay: Dayjs;
  dueTime: Dayjs;
  fullMarks: number;
  acceptLate: boolean;
}

/** The pickers show the Bangladesh day and clock of the due time, wherever the browser is. */
function initialValues(assignment: Assignment | null, classroomId: string | undefined): Partial<Values> {
  const due = dueTimeParts(assignment?.dueAt ?? Date.now() + 86_400_000);
  return {
    title: assignment?.title ?? '',
    instructions: assignment?.instructions ?? '',
    classroomIds: assignment?.classrooms.map((c) => c.id) ?? (classroomId ? [classroomId] : []),
    dueDay: dayjs(due.day),
    dueTime: dayjs(`${due.day}T${assignment ? due.time : '23:59'}`),
    fullMarks: assignment?.fullMarks ?? 10,
    acceptLate: assignment?.acceptLate ?? true,
  };
}

/** Posting or changing an assignment: text, classrooms, due date and time (Asia/Dhaka), marks, a file. */
export function AssignmentForm({
  accountId,
  classrooms,
  classroomId,
  assignment,
  onClose,
}: {
  accountId: string;
  classrooms: { value: string; label: string }[];
  classroomId: string | undefined;
  assignment: Assignment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['assignments', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [attachment, setAttachment] = useState<AssignmentFile | null>(assignment?.attachment ?? null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (input: AssignmentInput) =>
      assignment
        ? assignmentsApi.update(accountId, assignment.id, input)
        : assignmentsApi.create(accountId, input),
    onSuccess: async (saved) => {
      message.success(t(assignment ? 'form.saved' : 'form.posted', { title: saved.title }));
      await refreshAssignments(queryClient, accountId);
      onClose();
    },
    onError: (error) => setProblem(translateError(t, error)),
  });

  const handleUpload = async (file: File) => {
    setUploading(true);
    setProblem(null);
    try {
      setAttachment(await assignmentsApi.upload(accountId, file));
    } catch (error) {
      setProblem(translateError(t, error));
    } finally {
      setUploading(false);
    }
  };

  const handleFinish = (values: Values) => {
    setProblem(null);
    save.mutate({
      title: values.title,
      instructions: values.instructions ?? '',
      classroomIds: values.classroomIds,
      attachment,
      dueAt: dueAtOf(values.dueDay.format('YYYY-MM-DD'), values.dueTime.format('HH:mm')),
      fullMarks: values.fullMarks,
      acceptLate: values.acceptLate,
    });
  };
  const required = { required: true, message: t('errors:form.required') };

  return (
    <Modal
      open
      title={t(assignment ? 'form.editTitle' : 'form.newTitle')}
      onCancel={onClose}
      okText={t(assignment ? 'form.save' : 'form.post')}
      cancelText={t('form.cancel')}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: uploading, id: 'assignment-save' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues(assignment, classroomId)}
        onFinish={handleFinish}
        data-testid="assignment-form"
      >
        <Form.Item name="title" label={t('form.title')} rules={[required]}>
          <Input maxLength={ASSIGNMENT_LIMITS.title} data-testid="assignment-title" />
        </Form.Item>
        <Form.Item name="instructions" label={t('form.instructions')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={ASSIGNMENT_LIMITS.instructions} />
        </Form.Item>
        <Form.Item name="classroomIds" label={t('form.classrooms')} rules={[required]}>
          <Select
            mode="multiple"
            options={classrooms}
            optionFilterProp="label"
            data-testid="assignment-classrooms"
          />
        </Form.Item>
        <Flex gap={8} wrap>
          <Form.Item name="dueDay" label={t('form.dueDay')} rules={[required]} style={{ flex: '1 1 140px' }}>
            <DatePicker
              format="DD-MM-YYYY"
              allowClear={false}
              style={{ width: '100%' }}
              data-testid="assignment-due-day"
            />
          </Form.Item>
          <Form.Item
            name="dueTime"
            label={t('form.dueTime')}
            rules={[required]}
            style={{ flex: '1 1 120px' }}
          >
            <TimePicker
              format="hh:mm A"
              use12Hours
              allowClear={false}
              style={{ width: '100%' }}
              data-testid="assignment-due-time"
            />
          </Form.Item>
          <Form.Item
            name="fullMarks"
            label={t('form.fullMarks')}
            rules={[required]}
            style={{ flex: '1 1 100px' }}
          >
            <InputNumber
              min={1}
              max={ASSIGNMENT_LIMITS.maxFullMarks}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Flex>
        <Form.Item
          name="acceptLate"
          label={t('form.acceptLate')}
          valuePropName="checked"
          extra={t('form.acceptLateHelp')}
        >
          <Switch data-testid="assignment-accept-late" />
        </Form.Item>
        <Flex gap={8} align="center" wrap>
          <Upload
            accept={ADMISSION_ATTACHMENT_LIMITS.types.map((type) => `.${type}`).join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              void handleUpload(file);
              return false;
            }}
          >
            <Button icon={<PaperClipOutlined />} loading={uploading}>
              {t(attachment ? 'form.replaceFile' : 'form.attach')}
            </Button>
          </Upload>
          {attachment ? (
            <>
              <a href={attachment.url} target="_blank" rel="noreferrer">
                {attachment.name}
              </a>
              <Button type="link" size="small" onClick={() => setAttachment(null)}>
                {t('form.removeFile')}
              </Button>
            </>
          ) : null}
        </Flex>
        {problem ? <Alert type="error" showIcon message={problem} style={{ marginTop: 12 }} /> : null}
      </Form>
    </Modal>
  );
}
