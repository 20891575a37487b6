import { theme as antdTheme } from 'antd';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

/**
 * Headings and text in Ant Design's colours and sizes, as its Typography draws them, for the
 * shell and the dashboard: Typography carries its editable and copyable kinds (Input, TextArea,
 * Tooltip) onto the first load of every signed-in page (spec part 1 §2.3 "Loading by role").
 * Pages opened later use Typography.
 */
type TextProps = {
  type?: 'secondary';
  strong?: boolean;
  /** One line, cut with an ellipsis. */
  ellipsis?: boolean;
  /** Struck through (a done step). */
  delete?: boolean;
  style?: CSSProperties;
  children?: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, 'style' | 'children'>;

function useTextStyle({ type, strong, ellipsis, delete: struck, style }: TextProps): CSSProperties {
  const { token } = antdTheme.useToken();
  return {
    color: type === 'secondary' ? token.colorTextSecondary : token.colorText,
    ...(strong ? { fontWeight: token.fontWeightStrong } : null),
    ...(struck ? { textDecoration: 'line-through' } : null),
    ...(ellipsis
      ? {
          display: 'inline-block',
          maxWidth: '100%',
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          textOverflow: 'ellipsis',
          verticalAlign: 'bottom',
        }
      : null),
    ...style,
  };
}

export function Text(props: TextProps) {
  const { type, strong, ellipsis, delete: struck, style, children, ...rest } = props;
  return (
    <span {...rest} style={useTextStyle(props)}>
      {children}
    </span>
  );
}

export function Paragraph(props: TextProps) {
  const { type, strong, ellipsis, delete: struck, style, children, ...rest } = props;
  const { token } = antdTheme.useToken();
  return (
    <div {...rest} style={{ marginBottom: token.marginMD, ...useTextStyle(props) }}>
      {children}
    </div>
  );
}

export function Title({
  level,
  style,
  children,
  ...rest
}: { level: 2 | 4; style?: CSSProperties; children?: ReactNode } & Omit<
  HTMLAttributes<HTMLHeadingElement>,
  'style' | 'children'
>) {
  const { token } = antdTheme.useToken();
  const Heading = level === 2 ? 'h2' : 'h4';
  return (
    <Heading
      {...rest}
      style={{
        marginTop: 0,
        marginBottom: '0.5em',
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: level === 2 ? token.fontSizeHeading2 : token.fontSizeHeading4,
        lineHeight: level === 2 ? token.lineHeightHeading2 : token.lineHeightHeading4,
        ...style,
      }}
    >
      {children}
    </Heading>
  );
}
