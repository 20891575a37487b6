import { useSyncExternalStore } from 'react';
import type { ThemeSettings } from './theme';
import { getTheme, subscribeToTheme } from './theme-store';

/** The current theme settings; re-renders when they change (theme-store.ts holds them). */
export function useTheme(): ThemeSettings {
  return useSyncExternalStore(subscribeToTheme, getTheme, getTheme);
}
