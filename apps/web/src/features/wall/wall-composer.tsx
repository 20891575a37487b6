import { PaperClipOutlined } from '@ant-design/icons';
import { WALL_LIMITS } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Flex, Input, Select, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classroomsQuery } from '../../lib/classrooms-query';
import { translateError } from '../../lib/translate-error';
import { refreshWall, type WallAttachment, wallApi } from './wall-api';

/** Writes an announcement: to this classroom and any others, pinned or not, with files. */
export function WallComposer({ accountId, classroomId }: { accountId: string; classroomId: string }) {
  const { t } = useTranslation(['wall', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const classrooms = useQuery(classroomsQuery(accountId));
  const [text, setText] = useState('');
  const [rooms, setRooms] = useState<string[]>([classroomId]);
  const [pinned, setPinned] = useState(false);
  const [commentsOn, setCommentsOn] = useState(true);
  const [files, setFiles] = useState<WallAttachment[]>([]);
  const [uploading, setUploading] = useState(false);

  const create = useMutation({
    mutationFn: () =>
      wallApi.create(accountId, { text, classroomIds: rooms, pinned, commentsOn, attachments: files }),
    onSuccess: async () => {
      setText('');
      setFiles([]);
      setPinned(false);
      message.success(t('composer.posted'));
      await refreshWall(queryClient, accountId);
    },
    onError: (error) => message.error({ content: translateError(t, error), duration: 5 }),
  });

  const handleUpload = async (file: File) => {
    setUploading(true);
    try {
      const stored = await wallApi.upload(accountId, file);
      setFiles((current) => [...current, stored]);
    } catch (error) {
      message.error({ content: translateError(t, error), duration: 5 });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Flex vertical gap={12} data-testid="wall-composer">
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('composer.placeholder')}
        aria-label={t('composer.label')}
        autoSize={{ minRows: 3, maxRows: 10 }}
        maxLength={WALL_LIMITS.text}
        data-testid="wall-text"
      />
      <Select
        mode="multiple"
        value={rooms}
        onChange={(value) => setRooms(value.length > 0 ? value : [classroomId])}
        options={(classrooms.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        aria-label={t('composer.classrooms')}
        placeholder={t('composer.classrooms')}
        style={{ width: '100%' }}
        optionFilterProp="label"
      />
      {files.length > 0 ? (
        <Flex wrap gap={4}>
          {files.map((file) => (
            <Tag
              key={file.url}
              closable
              onClose={() => setFiles((current) => current.filter((f) => f.url !== file.url))}
            >
              {file.name}
            </Tag>
          ))}
        </Flex>
      ) : null}
      <Flex wrap gap={12} align="center" justify="space-between">
        <Flex wrap gap={12} align="center">
          <Checkbox checked={pinned} onChange={(e) => setPinned(e.target.checked)} data-testid="wall-pinned">
            {t('composer.pinned')}
          </Checkbox>
          <Checkbox checked={commentsOn} onChange={(e) => setCommentsOn(e.target.checked)}>
            {t('composer.commentsOn')}
          </Checkbox>
          <Upload
            accept=".pdf,.png,.jpg,.jpeg"
            showUploadList={false}
            disabled={files.length >= WALL_LIMITS.attachments}
            beforeUpload={(file) => {
              void handleUpload(file);
              return false;
            }}
          >
            <Button icon={<PaperClipOutlined />} loading={uploading}>
              {t('composer.attach')}
            </Button>
          </Upload>
        </Flex>
        <Button
          type="primary"
          onClick={() => create.mutate()}
          loading={create.isPending}
          disabled={!text.trim() || uploading}
          data-testid="wall-post"
        >
          {t('composer.post')}
        </Button>
      </Flex>
    </Flex>
  );
}
