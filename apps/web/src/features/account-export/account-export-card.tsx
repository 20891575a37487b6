import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { type AccountExport, accountExportEndpoints } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Popconfirm, Progress, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { call, endpointQuery, refresh } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { useDigits } from '../../lib/use-digits';
import { useLanguage } from '../../lib/use-language';

const STATUS_COLOURS = { queued: 'default', running: 'processing', ready: 'green', failed: 'red' } as const;
const inProgress = (e: AccountExport) => e.status === 'queued' || e.status === 'running';

/**
 * The owner's "Export my account": starts a background export of everything the account holds,
 * shows its progress, and the download link while it lasts (it expires).
 */
export function AccountExportCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation(['account-export', 'domain', 'errors']);
  const queryClient = useQueryClient();
  const list = useQuery({
    ...endpointQuery(accountExportEndpoints.list, { params: { accountId } }),
    // Live events refresh the list as the job moves; polling covers a missed event meanwhile.
    refetchInterval: (query) => (query.state.data?.exports.some(inProgress) ? 2000 : false),
  });
  const start = useMutation({
    mutationFn: () => call(accountExportEndpoints.start, { params: { accountId } }),
    onSuccess: () => refresh(queryClient, 'account-exports', { accountId }),
  });
  const running = list.data?.exports.some(inProgress) ?? false;

  return (
    <Card title={t('title')} data-testid="account-export-card">
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      {start.error ? (
        <Alert type="error" showIcon title={translateError(t, start.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Popconfirm
        title={t('confirm')}
        okText={t('yes')}
        cancelText={t('no')}
        onConfirm={() => start.mutate()}
        disabled={running}
      >
        <Button
          type="primary"
          icon={<ExportOutlined />}
          loading={start.isPending}
          disabled={running}
          data-testid="account-export-start"
        >
          {t('start')}
        </Button>
      </Popconfirm>
      <div style={{ marginTop: 16 }}>
        {list.isPending ? (
          <Skeleton active />
        ) : list.isError ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.exports.length === 0 ? (
          <Typography.Text type="secondary" data-testid="account-export-empty">
            {t('empty')}
          </Typography.Text>
        ) : (
          <Flex vertical gap={12}>
            {list.data.exports.map((item) => (
              <ExportItem key={item.id} item={item} />
            ))}
          </Flex>
        )}
      </div>
    </Card>
  );
}

function ExportItem({ item }: { item: AccountExport }) {
  const { t } = useTranslation(['account-export']);
  const { locale } = useLanguage();
  const digits = useDigits();
  const size =
    item.bytes === null
      ? null
      : item.bytes < 1024 * 1024
        ? t('sizeKb', { size: digits(Math.max(1, Math.round(item.bytes / 1024))) })
        : t('sizeMb', { size: digits((item.bytes / 1024 / 1024).toFixed(1)) });
  return (
    <Card size="small" data-testid="account-export-item">
      <Flex vertical gap={6}>
        <Flex gap={8} wrap align="center">
          <Tag color={STATUS_COLOURS[item.status]} data-testid="account-export-status">
            {t(`status.${item.status}`)}
          </Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('startedAt', { time: formatDateTime(item.createdAt, locale) })}
          </Typography.Text>
        </Flex>
        {inProgress(item) ? (
          <Progress
            percent={item.progress}
            format={(p) => `${digits(p ?? 0)}%`}
            data-testid="account-export-progress"
          />
        ) : null}
        {item.status === 'failed' ? <Alert type="error" showIcon title={t('failed')} /> : null}
        {item.downloadUrl ? (
          <Flex gap={8} wrap align="center">
            <Button
              icon={<DownloadOutlined />}
              href={item.downloadUrl}
              download
              data-testid="account-export-download"
            >
              {size === null ? t('download') : t('downloadSize', { size })}
            </Button>
            {item.expiresAt !== null ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('expiresAt', { time: formatDateTime(item.expiresAt, locale) })}
              </Typography.Text>
            ) : null}
          </Flex>
        ) : item.status === 'ready' ? (
          <Typography.Text type="secondary">{t('expired')}</Typography.Text>
        ) : null}
      </Flex>
    </Card>
  );
}
