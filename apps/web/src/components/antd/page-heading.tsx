import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Text, Title } from './text';

/** A signed-in page's title (also the tab title), an optional line under it and actions. */
export function PageHeading({
  title,
  subtitle,
  extra,
}: {
  title: string;
  subtitle?: ReactNode;
  extra?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Flex wrap justify="space-between" align="flex-start" gap={12} style={{ marginBottom: 20 }}>
      <div style={{ minWidth: 0 }}>
        <Title level={2} style={{ margin: 0 }}>
          {title}
        </Title>
        {subtitle ? (
          <Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
            {subtitle}
          </Text>
        ) : null}
      </div>
      {extra ? (
        <Flex gap={8} wrap>
          {extra}
        </Flex>
      ) : null}
    </Flex>
  );
}
