import { Card, Checkbox, Flex, Pagination, type PaginationProps } from 'antd';
import type { ReactNode } from 'react';

export interface CardListProps<T> {
  items: T[];
  rowKey: (row: T) => string;
  /** A row as a card. */
  card: (row: T) => ReactNode;
  /** Shown in place of the cards when there are none (and nothing is loading). */
  empty?: ReactNode;
  loading?: boolean;
  /** data-testid of the list and of each card. */
  testIds?: { list: string; row: string };
  /** A click on the card opens the row. */
  onOpen?: (row: T) => void;
  /** Rows can be picked (kept across pages): the keys picked, and the label of a row's tick box. */
  selection?: { keys: readonly string[]; onChange: (keys: string[]) => void; label: (row: T) => string };
  /** Paging under the cards, when the list is paged. */
  pagination?: PaginationProps;
}

/**
 * A table's rows as cards, one under another: what a list shows on a phone instead of a table
 * wider than the screen, so the page never scrolls sideways at 375 px and no value is cut.
 */
export function CardList<T>({
  items,
  rowKey,
  card,
  empty,
  loading = false,
  testIds,
  onOpen,
  selection,
  pagination,
}: CardListProps<T>) {
  return (
    <Flex vertical gap={8} data-testid={testIds?.list}>
      {items.length === 0 && !loading ? empty : null}
      {items.map((row) => (
        <Card
          key={rowKey(row)}
          size="small"
          hoverable={onOpen !== undefined}
          onClick={onOpen ? () => onOpen(row) : undefined}
          data-testid={testIds?.row}
          styles={{ body: { padding: 12 } }}
        >
          {selection ? (
            <Flex gap={10} align="flex-start">
              <Checkbox
                aria-label={selection.label(row)}
                checked={selection.keys.includes(rowKey(row))}
                onClick={(event) => event.stopPropagation()}
                onChange={(event) => {
                  const key = rowKey(row);
                  const others = selection.keys.filter((k) => k !== key);
                  selection.onChange(event.target.checked ? [...others, key] : others);
                }}
              />
              <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                {card(row)}
              </Flex>
            </Flex>
          ) : (
            card(row)
          )}
        </Card>
      ))}
      {pagination ? <Pagination {...pagination} size="small" style={{ marginTop: 8 }} /> : null}
    </Flex>
  );
}
