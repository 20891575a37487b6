import { Flex } from 'antd';
import { type CSSProperties, type ReactNode, useId } from 'react';

/** A labelled control: the label names the control by id, for screen readers and tests. */
export function Field({
  label,
  style,
  children,
}: {
  label: string;
  style?: CSSProperties;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <Flex vertical gap={4} style={style}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </Flex>
  );
}
