import { toBanglaDigits } from '@batchwise/domain';
import { ConfigProvider } from 'antd';
import { type ReactNode, useContext } from 'react';
import { useLanguage } from './use-language';

/** Numbers and numeric text in the reader's digits: Bangla digits (০–৯) on Bangla pages. */
export function useDigits(): (value: number | string) => string {
  const { language } = useLanguage();
  return (value) => (language === 'bn' ? toBanglaDigits(String(value)) : String(value));
}

/**
 * Page numbers of a table or list in the reader's digits: antd writes them in ASCII in every
 * locale. Spread on any pagination; display only, the numbers the table works with stay numbers.
 */
export function usePageDigits() {
  const digits = useDigits();
  return {
    itemRender: (page: number, type: string, element: ReactNode) =>
      type === 'page' ? <span>{digits(page)}</span> : element,
  };
}

/** A paged table's pagination: page numbers and page sizes in the reader's digits. */
export function usePagination(pageSizes: number[] = [10, 20, 50, 100]) {
  const digits = useDigits();
  const pageDigits = usePageDigits();
  const perPage = useContext(ConfigProvider.ConfigContext).locale?.Pagination?.items_per_page ?? '/ page';
  return {
    pageSizeOptions: pageSizes,
    showSizeChanger: {
      options: pageSizes.map((size) => ({ value: size, label: `${digits(size)} ${perPage}` })),
    },
    ...pageDigits,
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
