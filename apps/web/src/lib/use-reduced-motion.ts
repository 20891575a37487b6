import { useSyncExternalStore } from 'react';

// The reader's "reduce motion" setting (WCAG 2.3.3 Animation from Interactions): global.css
// shortens CSS animations for it, and Ant Design's own motion is switched off with it.

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const current = () => window.matchMedia(QUERY).matches;
/** Pre-rendered HTML assumes motion; the browser's answer replaces it on hydration. */
const onServer = () => false;

/** Whether the reader asked their system for less motion; re-renders when they change it. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, current, onServer);
}
