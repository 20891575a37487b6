import { SwapOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Whether the element's content is wider than the element (it scrolls sideways), kept current. */
function useScrollsSideways(target: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [target]);
  return scrolls;
}

/**
 * A line above a grid that scrolls sideways inside its box (the marks grid, the register): on a
 * phone the columns past the edge are otherwise easy to miss. Shown only while the grid is wider
 * than its box; the first column stays in place (sticky) as the rest scrolls.
 */
export function ScrollCue({ target }: { target: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation('common');
  if (!useScrollsSideways(target)) return null;
  return (
    <Typography.Text type="secondary" data-testid="scroll-cue" style={{ fontSize: 13 }}>
      <SwapOutlined aria-hidden /> {t('scrollCue')}
    </Typography.Text>
  );
}
