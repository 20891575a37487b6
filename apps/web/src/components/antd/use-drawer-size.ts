import { Grid } from 'antd';
import { useDirection } from '../../lib/use-language';

/**
 * A side panel's width: its own on wide screens, the whole screen on phones (375 px) where a
 * fixed width would leave a useless sliver of page beside it. Ant Design code only.
 */
export function useDrawerSize(width: number): number | string {
  const screens = Grid.useBreakpoint();
  return screens.md ? width : '100%';
}

/**
 * The edge a side panel opens from: the reading end of the line, so the right in left-to-right
 * languages and the left in Arabic (antd keeps `placement` literal under direction="rtl").
 */
export function useDrawerPlacement(): 'left' | 'right' {
  return useDirection() === 'rtl' ? 'left' : 'right';
}
