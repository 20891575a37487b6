import { Grid, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { usePagination } from '../../lib/use-digits';
import { CardList } from './card-list';

const PAGE_SIZES = [20, 50, 100];

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
  /** Rows can be picked (kept across pages): the keys picked, and the label of a row's tick box. */
  selection?: { keys: readonly string[]; onChange: (keys: string[]) => void; label: (row: T) => string };
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
  selection,
}: PagedListProps<T>) {
  const screens = Grid.useBreakpoint();
  const pagination = {
    current: paging.page,
    pageSize: paging.pageSize,
    total,
    ...usePagination(PAGE_SIZES),
    showTotal: totalText,
  };

  if (!screens.md) {
    return (
      <CardList
        items={items}
        rowKey={rowKey}
        card={card}
        empty={empty}
        loading={loading}
        testIds={testIds}
        onOpen={onOpen}
        selection={selection}
        pagination={total > 0 ? { ...pagination, onChange: onPage } : undefined}
      />
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
      rowSelection={
        selection
          ? {
              selectedRowKeys: [...selection.keys],
              preserveSelectedRowKeys: true,
              onChange: (keys) => selection.onChange(keys.map(String)),
              getCheckboxProps: (row) => ({ 'aria-label': selection.label(row) }) as object,
              // Ticking a row does not open it.
              renderCell: (_checked, _row, _index, node) => (
                // biome-ignore lint/a11y/noStaticElementInteractions: only stops the row's click; the checkbox inside is the control
                // biome-ignore lint/a11y/useKeyWithClickEvents: see above
                <span onClick={(event) => event.stopPropagation()}>{node}</span>
              ),
            }
          : undefined
      }
      onRow={(row) => ({
        onClick: () => onOpen(row),
        style: { cursor: 'pointer' },
        'data-testid': testIds.row,
      })}
      columns={columns}
    />
  );
}
