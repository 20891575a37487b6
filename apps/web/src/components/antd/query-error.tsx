import { ExclamationCircleFilled } from '@ant-design/icons';
import { theme as antdTheme, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import { Text, Title } from './text';

/**
 * A failed load, in the reader's language, with a way to try again. Laid out as Ant Design's
 * warning Result, without its component: the dashboard shows this and the signed-in frame's first
 * load is budgeted (spec part 1 §2.3 "Loading by role").
 */
export function QueryError({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const { t } = useTranslation(['app', 'domain', 'errors']);
  const { token } = antdTheme.useToken();
  return (
    <Flex vertical align="center" gap={8} style={{ padding: '48px 16px', textAlign: 'center' }}>
      <ExclamationCircleFilled aria-hidden style={{ fontSize: 56, color: token.colorWarning }} />
      <Title level={4} style={{ margin: '16px 0 0' }}>
        {title ?? t('app:loadFailed')}
      </Title>
      <Text type="secondary">{translateError(t, error)}</Text>
      {onRetry ? (
        <Button type="primary" onClick={onRetry} style={{ marginTop: 16 }}>
          {t('errors:tryAgain')}
        </Button>
      ) : null}
    </Flex>
  );
}
