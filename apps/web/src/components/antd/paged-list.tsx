import { Card, Flex, Grid, Pagination, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';

export interface PagedListProps<T> {
  items: T[];
  total: number;
  paging: { page: number; pageSize: number };
  loading: boolean;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  rowKey: (row: T) => string;
  /** data-testid of the list and of each row or card. */
  testIds: { list: string; row: string };
  totalText: (count: number) => string;
  onPage: (page: number, pageSize: number) => void;
  onOpen: (row: T) => void;
  /** The table's columns on wide screens. */
  columns: TableColumnsType<T>;
  /** A row as a card on phones. */
  card: (row: T) => ReactNode;
}

/**
 * A server-paged list that opens a row on click: a table on wide screens, cards on phones, so a
 * page never scrolls sideways at 375 px (the admission inbox, the dues list).
 */
export function PagedList<T extends object>({
  items,
  total,
  paging,
  loading,
  empty,
  rowKey,
  testIds,
  totalText,
  onPage,
  onOpen,
  columns,
  card,
}: PagedListProps<T>) {
  const screens = Grid.useBreakpoint();
  const pagination = {
    current: paging.page,
    pageSize: paging.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [20, 50, 100],
    showTotal: totalText,
  };

  if (!screens.md) {
    return (
      <Flex vertical gap={8} data-testid={testIds.list}>
        {items.length === 0 && !loading ? empty : null}
        {items.map((row) => (
          <Card
            key={rowKey(row)}
            size="small"
            hoverable
            onClick={() => onOpen(row)}
            data-testid={testIds.row}
            styles={{ body: { padding: 12 } }}
          >
            {card(row)}
          </Card>
        ))}
        {total > 0 ? (
          <Pagination {...pagination} size="small" onChange={onPage} style={{ marginTop: 8 }} />
        ) : null}
      </Flex>
    );
  }

  return (
    <Table<T>
      rowKey={rowKey}
      size="middle"
      data-testid={testIds.list}
      loading={loading}
      dataSource={items}
      scroll={{ x: 'max-content' }}
      pagination={pagination}
      onChange={(p) => onPage(p.current ?? 1, p.pageSize ?? 20)}
      locale={{ emptyText: empty }}
      onRow={(row) => ({
        onClick: () => onOpen(row),
        style: { cursor: 'pointer' },
        'data-testid': testIds.row,
      })}
      columns={columns}
    />
  );
}
