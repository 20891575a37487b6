import { theme as antdTheme } from 'antd';
import type { ReactNode } from 'react';

/**
 * Rows one under another with a line between them, as Ant Design's List draws them, without its
 * pagination and select: for the short lists of the dashboard, whose first load is budgeted
 * (spec part 1 §2.3 "Loading by role").
 */
export function PlainList<T>({
  items,
  rowKey,
  row,
}: {
  items: readonly T[];
  rowKey: (item: T) => string;
  row: (item: T) => ReactNode;
}) {
  const { token } = antdTheme.useToken();
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item, index) => (
        <li
          key={rowKey(item)}
          style={{
            paddingBlock: token.paddingSM,
            borderBlockEnd: index < items.length - 1 ? `1px solid ${token.colorSplit}` : undefined,
          }}
        >
          {row(item)}
        </li>
      ))}
    </ul>
  );
}
