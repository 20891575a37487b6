import { Alert, Button, Empty, List, Result, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { type OutboxKind, useOutbox } from './use-outbox';

/** One tab of the outbox page: loading, off, failed, empty, or the messages. */
export function OutboxList({ kind }: { kind: OutboxKind }) {
  const { t } = useTranslation(['dev', 'errors', 'domain']);
  const { locale } = useLanguage();
  const query = useOutbox(kind);
  const formatDate = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format;

  if (query.isPending) {
    return <Skeleton active paragraph={{ rows: 4 }} aria-busy="true" />;
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return <Result status="info" title={t('off.title')} subTitle={t('off.body')} />;
    }
    return (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        description={translateError(t, query.error)}
        action={<Button onClick={() => void query.refetch()}>{t('errors:tryAgain')}</Button>}
      />
    );
  }
  if (query.data.length === 0) {
    return <Empty description={t(`empty.${kind}`)} />;
  }
  return (
    <List
      itemLayout="vertical"
      dataSource={query.data}
      renderItem={(item) => (
        <List.Item
          key={item.id}
          extra={<Typography.Text type="secondary">{formatDate(item.createdAt)}</Typography.Text>}
        >
          <List.Item.Meta
            title={
              <>
                <Tag>{t(`kind.${item.kind}`)}</Tag>
                <Typography.Text strong>{item.subject ?? t('noSubject')}</Typography.Text>
              </>
            }
            description={
              <>
                {t('to')} <Typography.Text code>{item.to}</Typography.Text>
              </>
            }
          />
          <Typography.Paragraph
            style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
            ellipsis={{ rows: 6, expandable: true, symbol: t('more') }}
          >
            {item.body}
          </Typography.Paragraph>
        </List.Item>
      )}
    />
  );
}
