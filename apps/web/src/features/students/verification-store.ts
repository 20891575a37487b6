import { useSyncExternalStore } from 'react';

// Whether the Student Data Verification panel is open. The notice (mounted once for the whole
// signed-in app) and the students page both open it, so the state lives outside either.

let open = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openVerificationPanel = () => set(true);
export const closeVerificationPanel = () => set(false);

export function useVerificationPanelOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => false,
  );
}
