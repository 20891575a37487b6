import { theme as antdTheme } from 'antd';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

/**
 * A bordered box with an optional title row, as Ant Design's Card draws it, for the dashboard and
 * the shell: Card brings Tabs (its tab list) and their styles, which the first load of a
 * signed-in page cannot afford (spec part 1 §2.3 "Loading by role"). Pages opened later use Card.
 */
export function Panel({
  title,
  extra,
  size = 'default',
  style,
  children,
  ...rest
}: {
  title?: ReactNode;
  extra?: ReactNode;
  size?: 'default' | 'small';
  style?: CSSProperties;
  children?: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, 'title' | 'style'>) {
  const { token } = antdTheme.useToken();
  const padding = size === 'small' ? token.paddingSM : token.paddingLG;
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <section
      {...rest}
      style={{
        background: token.colorBgContainer,
        border,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        ...style,
      }}
    >
      {title || extra ? (
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: token.marginXS,
            minHeight: size === 'small' ? 38 : 56,
            paddingInline: padding,
            borderBlockEnd: border,
          }}
        >
          <div
            style={{
              flex: 1,
              minWidth: 0,
              fontWeight: token.fontWeightStrong,
              fontSize: size === 'small' ? token.fontSize : token.fontSizeLG,
            }}
          >
            {title}
          </div>
          {extra}
        </div>
      ) : null}
      <div style={{ padding }}>{children}</div>
    </section>
  );
}

/**
 * A small neutral label beside a text, as Ant Design's default Tag draws it (whose styles bring
 * the colour picker's code along: kept off the first load, see Panel).
 */
export function Label({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const { token } = antdTheme.useToken();
  return (
    <span
      style={{
        display: 'inline-block',
        marginInlineEnd: token.marginXS,
        paddingInline: token.paddingXS - 1,
        fontSize: token.fontSizeSM,
        lineHeight: `${token.lineHeightSM * token.fontSizeSM}px`,
        whiteSpace: 'nowrap',
        color: token.colorText,
        background: token.colorFillQuaternary,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
        borderRadius: token.borderRadiusSM,
        ...style,
      }}
    >
      {children}
    </span>
  );
}
