import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  ExclamationCircleOutlined,
  LoadingOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import type { SaveState } from './use-marks-autosave';

/** The autosave's state in one line: saving, saved, waiting, cells to fix, conflicts, failure. */
export function SaveStatus({
  state,
  onRetry,
  onResolveAll,
}: {
  state: SaveState;
  onRetry: () => void;
  onResolveAll: (choice: 'mine' | 'theirs') => void;
}) {
  const { t } = useTranslation(['assessments', 'domain', 'errors']);
  const { locale } = useLanguage();
  const n = (value: number) => value.toLocaleString(locale);
  const line = (() => {
    if (state.error)
      return {
        icon: <CloseCircleOutlined />,
        type: 'danger' as const,
        text: t('save.failed', { reason: translateError(t, state.error) }),
      };
    if (state.saving) return { icon: <LoadingOutlined />, type: undefined, text: t('save.saving') };
    if (state.pending > 0) return { icon: <LoadingOutlined />, type: undefined, text: t('save.pending') };
    // Red cells and conflicts say for themselves what is not saved.
    if (state.invalid === 0 && state.conflicts === 0)
      return { icon: <CheckCircleOutlined />, type: 'success' as const, text: t('save.saved') };
    return null;
  })();
  return (
    <Flex vertical gap={4} data-testid="save-status" aria-live="polite">
      {line ? (
        <Flex gap={8} align="center" wrap>
          <Typography.Text type={line.type} data-testid="save-state" data-state={stateName(state)}>
            {line.icon} {line.text}
          </Typography.Text>
          {state.error ? (
            <Button size="small" onClick={onRetry}>
              {t('errors:tryAgain')}
            </Button>
          ) : null}
        </Flex>
      ) : null}
      {state.invalid > 0 ? (
        <Typography.Text type="danger" data-testid="save-invalid">
          <ExclamationCircleOutlined />{' '}
          {t('save.invalid', { count: state.invalid, formatted: n(state.invalid) })}
        </Typography.Text>
      ) : null}
      {state.conflicts > 0 ? (
        <Flex gap={8} align="center" wrap data-testid="save-conflicts">
          <Typography.Text type="warning">
            <WarningOutlined />{' '}
            {t('save.conflicts', { count: state.conflicts, formatted: n(state.conflicts) })}
          </Typography.Text>
          <Button size="small" onClick={() => onResolveAll('mine')}>
            {t('save.keepAllMine')}
          </Button>
          <Button size="small" onClick={() => onResolveAll('theirs')}>
            {t('save.takeAllTheirs')}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}

/** For tests and styling: one word for the state. */
function stateName(state: SaveState): string {
  if (state.error) return 'error';
  if (state.saving) return 'saving';
  if (state.pending > 0) return 'pending';
  return 'saved';
}
