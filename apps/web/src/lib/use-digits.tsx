import { toBanglaDigits } from '@batchwise/domain';
import { ConfigProvider } from 'antd';
import type { Dayjs } from 'dayjs';
import { cloneElement, isValidElement, type ReactElement, type ReactNode, useContext } from 'react';
import { useLanguage } from './use-language';

/** Numbers and numeric text in the reader's digits: Bangla digits (০–৯) on Bangla pages. */
export function useDigits(): (value: number | string) => string {
  const { language } = useLanguage();
  return (value) => (language === 'bn' ? toBanglaDigits(String(value)) : String(value));
}

/**
 * A table's pagination with page numbers and page sizes in the reader's digits: antd writes them
 * in ASCII in every locale. Display only; the numbers the table works with stay numbers.
 */
export function usePagination(pageSizes: number[] = [10, 20, 50, 100]) {
  const digits = useDigits();
  const perPage = useContext(ConfigProvider.ConfigContext).locale?.Pagination?.items_per_page ?? '/ page';
  return {
    pageSizeOptions: pageSizes,
    showSizeChanger: {
      options: pageSizes.map((size) => ({ value: size, label: `${digits(size)} ${perPage}` })),
    },
    itemRender: (page: number, type: string, element: ReactNode) =>
      type === 'page' ? <span>{digits(page)}</span> : element,
  };
}

/**
 * A badge's count in the reader's digits, "99+" past 99; zero stays 0 so the badge hides. antd
 * shows a count given as text as it is.
 */
export function useBadgeCount(): (count: number) => number | string {
  const digits = useDigits();
  return (count) => (count <= 0 ? 0 : digits(count > 99 ? '99+' : count));
}

/**
 * A date or time picker's display in the reader's digits: spread the result on a DatePicker,
 * RangePicker or TimePicker with the pattern it shows (`DD-MM-YYYY`). Display only: the box shows
 * Bangla digits through a format function, while the same pattern stays in the format list for
 * reading what is typed, and the picker's value (what is sent to the server) is the same Dayjs
 * either way. The calendar's cells (days, years, hours) show Bangla digits too.
 */
export function usePickerDigits() {
  const { language } = useLanguage();
  const digits = useDigits();
  return (pattern: string) =>
    language === 'bn'
      ? {
          format: [(value: Dayjs) => digits(value.format(pattern)), pattern],
          cellRender: (_current: unknown, info: { originNode: ReactElement }) => {
            const node = info.originNode;
            if (!isValidElement<{ children?: ReactNode }>(node)) return node;
            const text = node.props.children;
            return typeof text === 'string' || typeof text === 'number'
              ? cloneElement(node, undefined, digits(text))
              : node;
          },
        }
      : { format: pattern };
}
