import type { NewsItem } from '@batchwise/domain';
import { App, Button, Card, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { NewsForm } from './news-form';
import { toInput, useNewsMutations, useStaffNews } from './use-staff-news';

/** /staff/news: staff write, publish, unpublish and delete the public site's news. */
export function NewsEditorPage() {
  const { t } = useTranslation(['staff', 'domain', 'errors']);
  const { message } = App.useApp();
  const { locale } = useLanguage();
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<NewsItem | null>(null);
  const [open, setOpen] = useState(false);
  const list = useStaffNews(q);
  const { save, remove } = useNewsMutations();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });

  const openForm = (item: NewsItem | null) => {
    setEditing(item);
    setOpen(true);
  };
  const toggle = async (item: NewsItem) => {
    const status = item.status === 'published' ? 'draft' : 'published';
    try {
      await save.mutateAsync({ key: item.key, input: toInput(item, status) });
      message.success(status === 'published' ? t('news.published') : t('news.unpublished'));
    } catch (error) {
      message.error(translateError(t, error));
    }
  };
  const handleDelete = async (item: NewsItem) => {
    try {
      await remove.mutateAsync(item.key);
      message.success(t('news.deleted'));
    } catch (error) {
      message.error(translateError(t, error));
    }
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {t('news.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('news.intro')}</Typography.Paragraph>
      </div>
      <Card>
        <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
          <Input.Search
            allowClear
            placeholder={t('news.search')}
            aria-label={t('news.search')}
            onSearch={setQ}
            style={{ maxWidth: 320 }}
          />
          <Button type="primary" onClick={() => openForm(null)}>
            {t('news.create')}
          </Button>
        </Space>
        <Table<NewsItem>
          rowKey="key"
          loading={list.isPending}
          dataSource={items}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{ emptyText: t('news.empty') }}
          columns={[
            {
              title: t('news.columns.title'),
              dataIndex: 'title',
              render: (title: string) => <Typography.Text strong>{title}</Typography.Text>,
            },
            {
              title: t('news.columns.status'),
              dataIndex: 'status',
              width: 120,
              render: (status: NewsItem['status']) => (
                <Tag color={status === 'published' ? 'green' : 'default'}>{t(`news.status.${status}`)}</Tag>
              ),
            },
            { title: t('news.columns.label'), dataIndex: 'label', width: 150 },
            {
              title: t('news.columns.date'),
              dataIndex: 'date',
              width: 140,
              render: (ms: number) => date.format(ms),
            },
            {
              title: t('news.columns.actions'),
              key: 'actions',
              width: 300,
              render: (_, item) => (
                <Space wrap size="small">
                  <Button size="small" onClick={() => openForm(item)}>
                    {t('news.edit')}
                  </Button>
                  <Button size="small" onClick={() => void toggle(item)}>
                    {item.status === 'published' ? t('news.unpublish') : t('news.publish')}
                  </Button>
                  {item.status === 'published' ? (
                    <Button
                      size="small"
                      href={`/OpenNews?key=${encodeURIComponent(item.key)}`}
                      target="_blank"
                    >
                      {t('news.view')}
                    </Button>
                  ) : null}
                  <Popconfirm title={t('news.deleteConfirm')} onConfirm={() => void handleDelete(item)}>
                    <Button size="small" danger>
                      {t('news.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
        {list.hasNextPage ? (
          <Button
            style={{ marginTop: 16 }}
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
          >
            {t('news.loadMore')}
          </Button>
        ) : null}
      </Card>
      <NewsForm item={editing} open={open} onClose={() => setOpen(false)} />
    </Space>
  );
}
