import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';

/** A failed load, in the reader's language, with a way to try again. */
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
  return (
    <Result
      status="warning"
      title={title ?? t('app:loadFailed')}
      subTitle={translateError(t, error)}
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            {t('errors:tryAgain')}
          </Button>
        ) : null
      }
    />
  );
}
