import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Flex, Pagination, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/antd/query-error';
import { usePageDigits } from '../../lib/use-digits';
import { wallQuery } from './wall-api';
import { WallComposer } from './wall-composer';
import { WallPostCard } from './wall-post-card';

/**
 * A classroom's wall for the people who teach it: write an announcement, then its posts, pinned
 * first and newest next, a page at a time.
 */
export function ClassroomWall({ accountId, classroomId }: { accountId: string; classroomId: string }) {
  const { t } = useTranslation(['wall', 'domain', 'errors']);
  const pageDigits = usePageDigits();
  const [page, setPage] = useState(1);
  const query = useQuery({ ...wallQuery(accountId, classroomId, page), placeholderData: keepPreviousData });
  return (
    <Flex vertical gap={16} data-testid="classroom-wall">
      <WallComposer accountId={accountId} classroomId={classroomId} />
      {query.isPending ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data && query.data.items.length === 0 ? (
        <Empty description={t('empty')} data-testid="wall-empty" />
      ) : null}
      {query.data?.items.map((post) => (
        <WallPostCard key={post.id} accountId={accountId} post={post} />
      ))}
      {query.data && query.data.total > query.data.pageSize ? (
        <Pagination
          align="center"
          current={page}
          pageSize={query.data.pageSize}
          total={query.data.total}
          onChange={setPage}
          showSizeChanger={false}
          {...pageDigits}
        />
      ) : null}
    </Flex>
  );
}
