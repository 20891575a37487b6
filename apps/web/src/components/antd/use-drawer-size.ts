import { Grid } from 'antd';

/**
 * A side panel's width: its own on wide screens, the whole screen on phones (375 px) where a
 * fixed width would leave a useless sliver of page beside it. Ant Design code only.
 */
export function useDrawerSize(width: number): number | string {
  const screens = Grid.useBreakpoint();
  return screens.md ? width : '100%';
}
