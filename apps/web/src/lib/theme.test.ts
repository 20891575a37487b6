import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, resolveTheme, type ThemeSettings } from './theme';

const storage = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });

describe('resolveTheme', () => {
  const cases: {
    name: string;
    stored: Record<string, string>;
    query: string;
    expected: Partial<ThemeSettings>;
  }[] = [
    { name: 'defaults with nothing stored', stored: {}, query: '', expected: DEFAULT_THEME },
    { name: 'stored dark theme', stored: { theme: 'dark' }, query: '', expected: { mode: 'dark' } },
    {
      name: 'URL overrides a stored light theme',
      stored: { theme: 'light' },
      query: '?theme=dark',
      expected: { mode: 'dark' },
    },
    {
      name: 'URL overrides a stored dark theme',
      stored: { theme: 'dark' },
      query: '?theme=light',
      expected: { mode: 'light' },
    },
    { name: '`lite` is the light theme', stored: {}, query: '?theme=lite', expected: { mode: 'light' } },
    {
      name: 'values are case-insensitive',
      stored: {},
      query: '?theme=DARK&layout-type=Boxed',
      expected: { mode: 'dark', layout: 'boxed' },
    },
    {
      name: 'invalid URL value falls back to storage',
      stored: { theme: 'dark' },
      query: '?theme=purple',
      expected: { mode: 'dark' },
    },
    {
      name: 'invalid stored value falls back to default',
      stored: { theme: 'neon', 'layout-type': 'wide' },
      query: '',
      expected: { mode: 'light', layout: 'full' },
    },
    {
      name: 'layout-type from URL',
      stored: { 'layout-type': 'boxed' },
      query: '?layout-type=framed',
      expected: { layout: 'framed' },
    },
    {
      name: 'nav-style from URL',
      stored: {},
      query: '?nav-style=mini-sidebar',
      expected: { navStyle: 'mini-sidebar' },
    },
    {
      name: 'direction comes from storage',
      stored: { direction: 'rtl' },
      query: '',
      expected: { direction: 'rtl' },
    },
    {
      name: 'direction is not a URL param',
      stored: {},
      query: '?direction=rtl',
      expected: { direction: 'ltr' },
    },
  ];

  it.each(cases)('$name', ({ stored, query, expected }) => {
    const theme = resolveTheme(storage(stored), new URLSearchParams(query));
    expect(theme).toEqual({ ...DEFAULT_THEME, ...expected });
  });

  it('works without storage (blocked by the browser)', () => {
    expect(resolveTheme(null, new URLSearchParams('?theme=dark')).mode).toBe('dark');
    expect(resolveTheme(null, new URLSearchParams())).toEqual(DEFAULT_THEME);
  });
});
