import {
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  FileOutlined,
  FolderAddOutlined,
  PlusOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Empty,
  Flex,
  Input,
  List,
  Modal,
  Popconfirm,
  Segmented,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressLine } from '../../components/antd/progress-line';
import { QueryError } from '../../components/antd/query-error';
import { formatBytesIn } from '../../lib/format-bytes';
import { useSession } from '../../lib/session';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { FileFormModal } from './file-form-modal';
import { type ClassroomFile, filesApi, filesQuery, refreshFiles, usageQuery } from './files-api';

const PREVIEWED = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'];
const ALL = '*';

/**
 * A classroom's files and notes (spec part 2 §3 `CloudStorage`): folders, resumable uploads,
 * preview of PDFs and pictures, download, sharing with the classroom or chosen students, and the
 * account's storage against its plan.
 */
export function ClassroomFiles({ accountId, classroomId }: { accountId: string; classroomId: string }) {
  const { t } = useTranslation(['files', 'domain', 'errors']);
  const { locale } = useLanguage();
  const formatBytes = (bytes: number) => formatBytesIn(locale, bytes);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const session = useSession();
  const files = useQuery(filesQuery(accountId, classroomId));
  const [folder, setFolder] = useState<string>(ALL);
  const [form, setForm] = useState<{ file?: ClassroomFile } | null>(null);
  const [preview, setPreview] = useState<ClassroomFile | null>(null);
  const [newFolder, setNewFolder] = useState<string | null>(null);
  const failed = (error: unknown) => message.error({ content: translateError(t, error), duration: 6 });
  const done = () => refreshFiles(queryClient, accountId);
  const createFolder = useMutation({
    mutationFn: (name: string) => filesApi.createFolder(accountId, classroomId, name),
    onSuccess: async (made) => {
      setNewFolder(null);
      setFolder(made.id);
      await done();
    },
    onError: failed,
  });
  const deleteFolder = useMutation({
    mutationFn: (id: string) => filesApi.deleteFolder(accountId, id),
    onSuccess: async () => {
      setFolder(ALL);
      await done();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (id: string) => filesApi.remove(accountId, id),
    onSuccess: done,
    onError: failed,
  });

  if (files.isPending) return <Skeleton active />;
  if (files.isError) return <QueryError error={files.error} onRetry={() => files.refetch()} />;
  const { folders } = files.data;
  const shown = files.data.files.filter((f) => folder === ALL || f.folderId === folder);
  const current = folders.find((f) => f.id === folder);

  return (
    <Flex vertical gap={16} data-testid="classroom-files">
      <StorageUsage accountId={accountId} />
      <Flex gap={8} wrap justify="space-between">
        <Segmented
          value={folder}
          onChange={(value) => setFolder(String(value))}
          options={[
            { value: ALL, label: t('files:all') },
            ...folders.map((f) => ({ value: f.id, label: f.name })),
          ]}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        <Flex gap={8} wrap>
          <Button icon={<FolderAddOutlined />} onClick={() => setNewFolder('')}>
            {t('files:newFolder')}
          </Button>
          {current ? (
            <Popconfirm
              title={t('files:deleteFolderConfirm', { name: current.name })}
              okText={t('files:delete')}
              cancelText={t('files:cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => deleteFolder.mutate(current.id)}
            >
              <Button danger icon={<DeleteOutlined />}>
                {t('files:deleteFolder')}
              </Button>
            </Popconfirm>
          ) : null}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({})} data-testid="add-file">
            {t('files:add')}
          </Button>
        </Flex>
      </Flex>
      {shown.length === 0 ? (
        <Empty description={t('files:empty')} />
      ) : (
        <List
          dataSource={shown}
          renderItem={(file) => (
            <List.Item
              data-testid="classroom-file"
              actions={[
                ...(file.contentType && PREVIEWED.includes(file.contentType)
                  ? [
                      <Button key="p" type="link" icon={<EyeOutlined />} onClick={() => setPreview(file)}>
                        {t('files:preview')}
                      </Button>,
                    ]
                  : []),
                ...(file.fileName
                  ? [
                      <Button
                        key="d"
                        type="link"
                        icon={<DownloadOutlined />}
                        href={filesApi.contentUrl(accountId, file.id, true)}
                      >
                        {t('files:download')}
                      </Button>,
                    ]
                  : []),
                <Button key="s" type="link" icon={<ShareAltOutlined />} onClick={() => setForm({ file })}>
                  {t('files:share.button')}
                </Button>,
                <Popconfirm
                  key="x"
                  title={t('files:deleteConfirm', { name: file.title })}
                  okText={t('files:delete')}
                  cancelText={t('files:cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutate(file.id)}
                >
                  <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('files:delete')} />
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                avatar={<FileOutlined />}
                title={file.title}
                description={
                  <Flex vertical gap={4}>
                    {file.note ? <Typography.Text>{file.note}</Typography.Text> : null}
                    <span>
                      <Tag color={file.share === 'private' ? undefined : 'blue'}>
                        {t(`files:share.${file.share}`)}
                        {file.share === 'students' ? ` (${file.studentIds.length})` : ''}
                      </Tag>
                      {file.fileName
                        ? `${file.fileName} · ${formatBytes(file.sizeBytes)}`
                        : t('files:noteOnly')}
                    </span>
                  </Flex>
                }
              />
            </List.Item>
          )}
        />
      )}
      {form && session.data ? (
        <FileFormModal
          accountId={accountId}
          classroomId={classroomId}
          userId={session.data.user.id}
          folders={folders}
          file={form.file}
          folderId={current?.id ?? null}
          onClose={() => setForm(null)}
        />
      ) : null}
      <Modal
        open={newFolder !== null}
        title={t('files:newFolder')}
        okText={t('files:save')}
        cancelText={t('files:cancel')}
        confirmLoading={createFolder.isPending}
        onOk={() => createFolder.mutate(newFolder ?? '')}
        onCancel={() => setNewFolder(null)}
      >
        <Input
          value={newFolder ?? ''}
          maxLength={80}
          aria-label={t('files:folderName')}
          placeholder={t('files:folderName')}
          onChange={(e) => setNewFolder(e.target.value)}
        />
      </Modal>
      <Modal
        open={!!preview}
        title={preview?.title}
        footer={null}
        width={900}
        onCancel={() => setPreview(null)}
      >
        {preview?.contentType === 'application/pdf' ? (
          <iframe
            title={preview.title}
            src={filesApi.contentUrl(accountId, preview.id)}
            style={{ width: '100%', height: '70vh', border: 0 }}
          />
        ) : preview ? (
          <img
            src={filesApi.contentUrl(accountId, preview.id)}
            alt={preview.title}
            style={{ maxWidth: '100%' }}
          />
        ) : null}
      </Modal>
    </Flex>
  );
}

/** The account's storage used against its plan (files and video apart, as the plan counts them). */
function StorageUsage({ accountId }: { accountId: string }) {
  const { t } = useTranslation('files');
  const { locale } = useLanguage();
  const formatBytes = (bytes: number) => formatBytesIn(locale, bytes);
  const usage = useQuery(usageQuery(accountId));
  if (!usage.data) return null;
  const { usedBytes, limitBytes } = usage.data.files;
  const label =
    limitBytes === null
      ? t('usageUnlimited', { used: formatBytes(usedBytes) })
      : t('usage', { used: formatBytes(usedBytes), limit: formatBytes(limitBytes) });
  const percent = limitBytes ? Math.min(100, Math.round((usedBytes * 100) / limitBytes)) : 0;
  return (
    <div data-testid="storage-usage">
      <ProgressLine percent={percent} label={label} />
    </div>
  );
}
