import { NEWS_DEFAULT_TYPE, type NewsInput, type NewsItem, type NewsStatus } from '@batchwise/domain';
import { App, AutoComplete, Button, Drawer, Form, Input, Space, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDrawerPlacement } from '../../components/antd/use-drawer-size';
import { translateError } from '../../lib/translate-error';
import { RichTextEditor } from './rich-text-editor';
import { uploadNewsImage, useNewsMutations } from './use-staff-news';

const TYPES = ['News', 'Product update', 'Guide', 'Tips', 'Event'].map((value) => ({ value }));

interface FormValues {
  title: string;
  author: string;
  label: string;
  type: string;
  date: string;
  description: string;
}

const toDateInput = (ms: number) =>
  new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/** Creates or edits one news item in a drawer; the server validates and sanitises. */
export function NewsForm({
  item,
  open,
  onClose,
}: {
  item: NewsItem | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['staff', 'domain', 'errors']);
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [image, setImage] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const { save } = useNewsMutations();

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      title: item?.title ?? '',
      author: item?.author ?? '',
      label: item?.label ?? '',
      type: item?.type ?? NEWS_DEFAULT_TYPE,
      date: item ? toDateInput(item.date) : '',
      description: item?.description ?? '',
    });
    setImage(item?.image ?? null);
  }, [open, item, form]);

  const submit = async (status: NewsStatus) => {
    const values = await form.validateFields();
    const input: NewsInput = {
      ...values,
      // A chosen day is kept at noon so it stays the same day in every time zone.
      date: values.date ? Date.parse(`${values.date}T12:00:00`) : undefined,
      image: image ? image.replace(/^\/media\//, '') : null,
      status,
    };
    try {
      await save.mutateAsync({ key: item?.key, input });
      message.success(status === 'published' ? t('news.published') : t('news.saved'));
      onClose();
    } catch (error) {
      message.error(translateError(t, error));
    }
  };

  const required = (code: 'NEWS_TITLE_REQUIRED' | 'NEWS_DESCRIPTION_REQUIRED') => ({
    validator: (_: unknown, value: string) =>
      (value ?? '').replace(/<[^>]*>/g, '').trim()
        ? Promise.resolve()
        : Promise.reject(new Error(t(`domain:${code}`))),
  });

  const placement = useDrawerPlacement();
  return (
    <Drawer
      placement={placement}
      open={open}
      onClose={onClose}
      size="large"
      title={item ? t('news.form.editTitle') : t('news.form.createTitle')}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t('news.form.cancel')}</Button>
          <Button onClick={() => void submit('draft')} loading={save.isPending}>
            {t('news.form.saveDraft')}
          </Button>
          <Button type="primary" onClick={() => void submit('published')} loading={save.isPending}>
            {item?.status === 'published' ? t('news.form.saveChanges') : t('news.form.savePublish')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" requiredMark="optional">
        <Form.Item
          name="title"
          label={t('news.form.title')}
          rules={[required('NEWS_TITLE_REQUIRED')]}
          required
        >
          <Input maxLength={200} showCount />
        </Form.Item>
        <Space wrap size="middle" style={{ width: '100%' }}>
          <Form.Item name="author" label={t('news.form.author')}>
            <Input maxLength={100} style={{ minWidth: 220 }} />
          </Form.Item>
          <Form.Item name="label" label={t('news.form.label')} extra={t('news.form.labelHelp')}>
            <Input maxLength={40} placeholder="Announcement" style={{ minWidth: 220 }} />
          </Form.Item>
          <Form.Item name="type" label={t('news.form.type')}>
            <AutoComplete options={TYPES} style={{ minWidth: 200 }} />
          </Form.Item>
          <Form.Item name="date" label={t('news.form.date')} extra={t('news.form.dateHelp')}>
            <Input type="date" />
          </Form.Item>
        </Space>
        <Form.Item label={t('news.form.image')} extra={t('news.form.imageHelp')}>
          <Space direction="vertical">
            {image ? (
              <img
                src={`${image}-480.webp`}
                alt=""
                width={240}
                height={135}
                style={{ objectFit: 'cover', borderRadius: 8 }}
              />
            ) : null}
            <Space wrap>
              <Upload
                accept="image/png,image/jpeg,image/webp,image/avif"
                showUploadList={false}
                customRequest={async ({ file, onSuccess, onError }) => {
                  setUploading(true);
                  try {
                    const uploaded = await uploadNewsImage(file as File);
                    setImage(uploaded.url);
                    onSuccess?.(uploaded);
                  } catch (error) {
                    const code = (error as { code?: string }).code ?? '';
                    message.error(t(`domain:${code}`, { defaultValue: (error as Error).message, max: 5 }));
                    onError?.(error as Error);
                  } finally {
                    setUploading(false);
                  }
                }}
              >
                <Button loading={uploading}>
                  {uploading ? t('news.form.uploading') : t('news.form.upload')}
                </Button>
              </Upload>
              {image ? <Button onClick={() => setImage(null)}>{t('news.form.removeImage')}</Button> : null}
            </Space>
          </Space>
        </Form.Item>
        <Form.Item
          name="description"
          label={t('news.form.description')}
          extra={t('news.form.descriptionHelp')}
          rules={[required('NEWS_DESCRIPTION_REQUIRED')]}
          required
        >
          <RichTextEditor aria-label={t('news.form.description')} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
