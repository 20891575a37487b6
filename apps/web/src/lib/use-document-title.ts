import { useEffect } from 'react';

/** Sets the tab title as "Page · Batchwise" (the brand is not translated). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Batchwise` : 'Batchwise';
  }, [title]);
}
