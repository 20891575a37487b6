import { type MouseEvent, useSyncExternalStore } from 'react';

/**
 * The portal's own address handling: a handful of pages under one area need no router library
 * (the light entry's budget, see start-portal.tsx). Links push history entries; back and forward
 * re-render through `popstate`.
 */

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const snapshot = () => `${window.location.pathname}${window.location.search}`;

/** The current path and query; re-renders on every navigation. */
export function useAddress(): { pathname: string; params: URLSearchParams } {
  const address = useSyncExternalStore(subscribe, snapshot, snapshot);
  const url = new URL(address, window.location.origin);
  return { pathname: url.pathname, params: url.searchParams };
}

export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  if (to === snapshot()) return;
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.scrollTo(0, 0);
  notify();
}

/** A click on a portal link navigates in place; modified clicks (new tab) keep the browser's way. */
export function followLink(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const href = event.currentTarget.getAttribute('href');
  if (!href?.startsWith('/')) return;
  event.preventDefault();
  navigate(href);
}
