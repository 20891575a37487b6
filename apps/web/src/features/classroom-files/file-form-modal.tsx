import { type ClassroomFile, FILE_SHARES, type FileShare } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResumableUpload } from '../../components/antd/resumable-upload';
import { translateError } from '../../lib/translate-error';
import { filesApi, refreshFiles, rosterQuery } from './files-api';

interface Values {
  title: string;
  note: string;
  folderId: string | null;
  share: FileShare;
  studentIds: string[];
}

export interface FileFormProps {
  accountId: string;
  classroomId: string;
  userId: string;
  folders: { id: string; name: string }[];
  /** The file to share or rename; undefined to add a new one. */
  file?: ClassroomFile;
  folderId: string | null;
  onClose: () => void;
}

/** Adds a file (uploaded resumably) or a note, or changes one: title, folder, and whom it is shared with. */
export function FileFormModal({
  accountId,
  classroomId,
  userId,
  folders,
  file,
  folderId,
  onClose,
}: FileFormProps) {
  const { t } = useTranslation(['files', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [uploaded, setUploaded] = useState<{ uploadId: string; fileName: string } | null>(null);
  const share = Form.useWatch('share', form);
  const roster = useQuery({ ...rosterQuery(accountId, classroomId), enabled: share === 'students' });
  const save = useMutation({
    mutationFn: (values: Values) => {
      const body = {
        ...values,
        note: values.note ?? '',
        title: values.title ?? '',
        studentIds: values.studentIds ?? [],
      };
      return file
        ? filesApi.update(accountId, file.id, body)
        : filesApi.create(accountId, classroomId, { ...body, uploadId: uploaded?.uploadId ?? null });
    },
    onSuccess: async () => {
      message.success(t('files:saved'));
      await refreshFiles(queryClient, accountId);
      onClose();
    },
    onError: (error) => message.error({ content: translateError(t, error), duration: 6 }),
  });
  return (
    <Modal
      open
      title={file ? t('files:edit') : t('files:add')}
      okText={t('files:save')}
      cancelText={t('files:cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          title: file?.title ?? '',
          note: file?.note ?? '',
          folderId: file ? file.folderId : folderId,
          share: file?.share ?? 'classroom',
          studentIds: file?.studentIds ?? [],
        }}
        onFinish={(values) => save.mutate(values)}
      >
        {file ? null : (
          <Form.Item label={t('files:file')}>
            <ResumableUpload
              accountId={accountId}
              userId={userId}
              purpose="classroom-file"
              accept=".pdf,.jpg,.jpeg,.png,.webp,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.mp4,.webm,.mkv,.mov"
              onDone={(done) => {
                setUploaded(done);
                if (!form.getFieldValue('title')) form.setFieldValue('title', done.fileName);
              }}
            />
          </Form.Item>
        )}
        <Form.Item name="title" label={t('files:title')}>
          <Input maxLength={160} data-testid="file-title" />
        </Form.Item>
        <Form.Item name="note" label={t('files:note')}>
          <Input.TextArea rows={3} maxLength={4000} />
        </Form.Item>
        <Form.Item name="folderId" label={t('files:folder')}>
          <Select
            options={[
              { value: null, label: t('files:noFolder') },
              ...folders.map((f) => ({ value: f.id, label: f.name })),
            ]}
          />
        </Form.Item>
        <Form.Item name="share" label={t('files:shareWith')}>
          <Select
            data-testid="file-share"
            options={FILE_SHARES.map((value) => ({ value, label: t(`files:share.${value}`) }))}
          />
        </Form.Item>
        {share === 'students' ? (
          <Form.Item name="studentIds" label={t('files:students')}>
            <Select
              mode="multiple"
              loading={roster.isPending}
              optionFilterProp="label"
              options={(roster.data?.students ?? []).map((s) => ({ value: s.studentId, label: s.name }))}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
