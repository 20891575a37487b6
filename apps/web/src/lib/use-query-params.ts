import { useMemo, useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}

const search = () => window.location.search;

/**
 * The address's query for pages that run with or without the router: the family's link pages load
 * as their own light entry (app/start-links.tsx) and inside the app. The router re-renders them on
 * its navigations; back and forward arrive through `popstate`.
 */
export function useQueryParams(): URLSearchParams {
  const query = useSyncExternalStore(subscribe, search, search);
  return useMemo(() => new URLSearchParams(query), [query]);
}
