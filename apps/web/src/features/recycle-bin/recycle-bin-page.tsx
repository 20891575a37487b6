import { DeleteOutlined, RollbackOutlined } from '@ant-design/icons';
import { type RecycleBinEntry, recycleBinEndpoints, recycleDaysLeft } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { call, refresh } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { paths } from '../../lib/paths';
import { recycleBinQuery } from '../../lib/recycle-bin-query';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import styles from './recycle-bin.module.css';

/**
 * The Recycle bin (plan feature data-recovery): what was deleted on the account being worked on,
 * by whom and when, the days left before it is gone for good, and Restore (after a confirmation).
 */
export function RecycleBinPage() {
  const work = useWorkAccount();
  const { t } = useTranslation('recycle-bin');
  if (!work) return <PageHeading title={t('title')} />;
  return <RecycleBin work={work} />;
}

function RecycleBin({ work }: { work: WorkAccount }) {
  const { t } = useTranslation(['recycle-bin', 'domain', 'errors']);
  const { locale } = useLanguage();
  const accountId = work.account.id;
  const bin = useQuery(recycleBinQuery(accountId));
  const heading = <PageHeading title={t('title')} subtitle={work.account.institution} />;
  if (bin.isPending)
    return (
      <>
        {heading}
        <Skeleton active />
      </>
    );
  if (bin.isError)
    return (
      <>
        {heading}
        <QueryError error={bin.error} onRetry={() => void bin.refetch()} />
      </>
    );
  const { recoveryDays, entries } = bin.data;
  return (
    <>
      {heading}
      <Typography.Paragraph type="secondary" data-testid="recycle-bin-intro">
        {recoveryDays > 0 ? t('intro', { days: recoveryDays.toLocaleString(locale) }) : t('notIncluded')}{' '}
        {recoveryDays > 0 ? null : <a href={paths.pricing}>{t('seePlans')}</a>}
      </Typography.Paragraph>
      {entries.length === 0 ? (
        <Card>
          <Empty image={<DeleteOutlined className={styles.emptyIcon} />} description={t('empty')} />
        </Card>
      ) : (
        <ul className={styles.list} data-testid="recycle-bin-list">
          {entries.map((entry) => (
            <EntryRow key={entry.id} accountId={accountId} entry={entry} />
          ))}
        </ul>
      )}
    </>
  );
}

function EntryRow({ accountId, entry }: { accountId: string; entry: RecycleBinEntry }) {
  const { t } = useTranslation(['recycle-bin', 'domain', 'errors']);
  const { locale } = useLanguage();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const daysLeft = recycleDaysLeft(entry.expiresAt, Date.now());
  const restore = useMutation({
    mutationFn: () => call(recycleBinEndpoints.restore, { params: { accountId, entryId: entry.id } }),
    onSuccess: async () => {
      message.success(t('restored', { label: entry.label }));
      // The pages of what came back refresh from the server's live event.
      await refresh(queryClient, 'recycle-bin', { accountId });
    },
    onError: (error) => message.error({ content: translateError(t, error), duration: 6 }),
  });
  return (
    <li className={styles.item} data-testid="recycle-bin-entry">
      <Flex vertical gap={4} style={{ minWidth: 0 }}>
        <Flex gap={8} align="center" wrap>
          <Tag>{t(`kinds.${entry.kind}`)}</Tag>
          <Typography.Text strong className={styles.label}>
            {entry.label}
          </Typography.Text>
        </Flex>
        {entry.detail ? <Typography.Text type="secondary">{entry.detail}</Typography.Text> : null}
        <Typography.Text type="secondary">
          {t('deletedBy', { name: entry.deletedBy, when: formatDateTime(entry.deletedAt, locale) })}
        </Typography.Text>
        <Typography.Text type={daysLeft <= 3 ? 'warning' : 'secondary'}>
          {t('daysLeft', { count: daysLeft, n: daysLeft.toLocaleString(locale) })}
        </Typography.Text>
      </Flex>
      <Popconfirm
        title={t('confirmTitle', { label: entry.label })}
        description={t('confirmText')}
        okText={t('restore')}
        cancelText={t('cancel')}
        onConfirm={() => restore.mutateAsync().catch(() => undefined)}
      >
        <Button icon={<RollbackOutlined />} loading={restore.isPending} className={styles.restore}>
          {t('restore')}
        </Button>
      </Popconfirm>
    </li>
  );
}
