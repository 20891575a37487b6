import { DeleteOutlined, EditOutlined, FolderOpenOutlined, SaveOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Form, Input, Modal, Popconfirm, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { refreshTemplates, type SmsTemplate, smsApi } from './sms-api';

/** A name for a template: new, a copy, or a rename. The server refuses a name already used. */
function TemplateNameModal({
  open,
  title,
  initial,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  title: string;
  initial: string;
  onCancel: () => void;
  onSubmit: (name: string) => Promise<void>;
}) {
  const { t } = useTranslation('sms');
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  const handleFinish = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      await onSubmit(name.trim());
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okText={t('templates.saved.ok')}
      cancelText={t('templates.saved.cancel')}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: initial }}
        onFinish={handleFinish}
        preserve={false}
      >
        <Form.Item
          name="name"
          label={t('templates.saved.name')}
          rules={[{ required: true, whitespace: true, message: t('templates.saved.nameRequired') }]}
        >
          <Input maxLength={80} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Saving, renaming and deleting templates, with the messages and the refresh every write needs. */
function useTemplateWrites(accountId: string) {
  const { t } = useTranslation(['sms', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const run = async <T,>(write: () => Promise<T>, done: (result: T) => string): Promise<T | null> => {
    try {
      const result = await write();
      message.success(done(result));
      await refreshTemplates(queryClient, accountId);
      return result;
    } catch (error) {
      message.error({ content: translateError(t, error), duration: 6 });
      return null;
    }
  };
  return {
    create: (name: string, body: string) =>
      run(
        () => smsApi.createTemplate(accountId, { name, body }),
        (saved) => t('templates.saved.created', { name: saved.name }),
      ),
    update: (template: SmsTemplate, name: string, body: string) =>
      run(
        () => smsApi.updateTemplate(accountId, template.id, { name, body }),
        (saved) => t('templates.saved.updated', { name: saved.name }),
      ),
    remove: (template: SmsTemplate) =>
      run(
        () => smsApi.deleteTemplate(accountId, template.id),
        () => t('templates.saved.deleted', { name: template.name }),
      ),
  };
}

/**
 * "Save as template", or, while a saved template is being edited, "Save changes" to it and
 * "Save as a new template".
 */
export function TemplateSaveActions({
  accountId,
  body,
  editing,
  onSaved,
}: {
  accountId: string;
  body: string;
  editing: SmsTemplate | undefined;
  onSaved: (template: SmsTemplate) => void;
}) {
  const { t } = useTranslation('sms');
  const writes = useTemplateWrites(accountId);
  const [naming, setNaming] = useState(false);
  const [updating, setUpdating] = useState(false);
  const empty = body.trim() === '';

  const handleUpdate = async () => {
    if (!editing) return;
    setUpdating(true);
    const saved = await writes.update(editing, editing.name, body);
    setUpdating(false);
    if (saved) onSaved(saved);
  };

  const handleCreate = async (name: string) => {
    const saved = await writes.create(name, body);
    if (saved) {
      setNaming(false);
      onSaved(saved);
    }
  };

  return (
    <>
      {editing ? (
        <Button icon={<SaveOutlined />} onClick={handleUpdate} loading={updating} disabled={empty}>
          {t('templates.saved.update')}
        </Button>
      ) : null}
      <Button icon={editing ? undefined : <SaveOutlined />} onClick={() => setNaming(true)} disabled={empty}>
        {editing ? t('templates.saved.saveNew') : t('templates.saved.save')}
      </Button>
      <TemplateNameModal
        open={naming}
        title={t('templates.saved.saveTitle')}
        initial=""
        onCancel={() => setNaming(false)}
        onSubmit={handleCreate}
      />
    </>
  );
}

/** The saved templates, to use, rename or delete. */
export function TemplateManage({
  accountId,
  saved,
  onUse,
}: {
  accountId: string;
  saved: readonly SmsTemplate[];
  onUse: (template: SmsTemplate) => void;
}) {
  const { t } = useTranslation('sms');
  const { locale } = useLanguage();
  const writes = useTemplateWrites(accountId);
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [renaming, setRenaming] = useState<SmsTemplate | null>(null);

  const handleRename = async (name: string) => {
    if (renaming && (await writes.update(renaming, name, renaming.body))) setRenaming(null);
  };

  return (
    <>
      <Button icon={<FolderOpenOutlined />} onClick={() => setOpen(true)}>
        {t('templates.saved.manage')}
        {saved.length > 0 ? ` (${saved.length.toLocaleString(locale)})` : ''}
      </Button>
      <Modal
        open={open}
        title={t('templates.saved.manage')}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>{t('templates.saved.close')}</Button>}
        width={640}
      >
        {saved.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('templates.saved.empty')} />
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {saved.map((template) => (
              <li
                key={template.id}
                style={{ padding: '10px 0', borderBottom: `1px solid ${token.colorSplit}` }}
              >
                <Flex vertical gap={6} style={{ minWidth: 0 }}>
                  <Typography.Text strong>{template.name}</Typography.Text>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                    {template.body}
                  </Typography.Paragraph>
                  <Flex gap={8} wrap>
                    <Button
                      size="small"
                      type="primary"
                      onClick={() => {
                        onUse(template);
                        setOpen(false);
                      }}
                    >
                      {t('templates.saved.use')}
                    </Button>
                    <Button size="small" icon={<EditOutlined />} onClick={() => setRenaming(template)}>
                      {t('templates.saved.rename')}
                    </Button>
                    <Popconfirm
                      title={t('templates.saved.deleteTitle', { name: template.name })}
                      okText={t('templates.saved.deleteOk')}
                      cancelText={t('templates.saved.keep')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => writes.remove(template)}
                    >
                      <Button size="small" danger icon={<DeleteOutlined />}>
                        {t('templates.saved.delete')}
                      </Button>
                    </Popconfirm>
                  </Flex>
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </Modal>
      <TemplateNameModal
        open={renaming !== null}
        title={t('templates.saved.renameTitle')}
        initial={renaming?.name ?? ''}
        onCancel={() => setRenaming(null)}
        onSubmit={handleRename}
      />
    </>
  );
}
