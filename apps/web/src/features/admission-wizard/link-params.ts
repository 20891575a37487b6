import { useSyncExternalStore } from 'react';

/**
 * `key` and `course` of the admission link, read from the address itself: the page runs without
 * the router on its own light entry (start-wizard.tsx). The wizard never changes the address.
 */
export interface LinkParams {
  readonly key: string;
  readonly course: string | null;
}

export function linkParamsOf(search: string): LinkParams {
  const params = new URLSearchParams(search);
  return { key: (params.get('key') ?? '').trim(), course: params.get('course')?.trim() || null };
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

const currentSearch = () => window.location.search;

/** The link's params; follows back and forward, and the router's navigations when inside the app. */
export function useLinkParams(): LinkParams {
  return linkParamsOf(useSyncExternalStore(subscribe, currentSearch, () => ''));
}
