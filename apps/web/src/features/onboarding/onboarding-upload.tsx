import { InboxOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { ONBOARDING_LIMITS } from '@batchwise/domain';
import { Alert, Button, Flex, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import type { Wording } from '../../lib/use-wording';
import {
  fileProblem,
  ONBOARDING_ACCEPT,
  ONBOARDING_MAX_MB,
  type OnboardingCheck,
  onboardingApi,
} from './onboarding-api';

type State = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'error'; text: string };

/**
 * Sends a filled template to be checked. The type and size are checked here first so nobody waits
 * for an upload the server would refuse; once the bytes are sent the server still reads and checks
 * every row, which is what "Checking…" stands for. `compact` is the button shown above the review
 * for a fixed file.
 */
export function OnboardingUpload({
  accountId,
  words,
  compact = false,
  onChecked,
}: {
  accountId: string;
  words: Wording;
  compact?: boolean;
  onChecked: (file: File, check: OnboardingCheck) => void;
}) {
  const { t } = useTranslation(['onboarding', 'domain', 'errors']);
  const { locale } = useLanguage();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const n = (value: number) => value.toLocaleString(locale);

  const handleFile = async (file: File) => {
    const problem = fileProblem(file);
    if (problem) {
      setState({ kind: 'error', text: t(`domain:${problem}`, { max: n(ONBOARDING_MAX_MB) }) });
      return;
    }
    setState({ kind: 'uploading', percent: 0 });
    try {
      const check = await onboardingApi.check(accountId, file, (percent) =>
        setState({ kind: 'uploading', percent }),
      );
      setState({ kind: 'idle' });
      onChecked(file, check);
    } catch (error) {
      setState({ kind: 'error', text: translateError(t, error) });
    }
  };

  const uploading = state.kind === 'uploading';
  const props = {
    accept: ONBOARDING_ACCEPT,
    multiple: false,
    showUploadList: false,
    disabled: uploading,
    // The file is sent by uploadFile (progress, CSRF, translated errors), not by antd.
    beforeUpload: (file: File) => {
      void handleFile(file);
      return Upload.LIST_IGNORE;
    },
  };
  return (
    <Flex vertical gap={12}>
      {compact ? (
        <Upload {...props}>
          <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />} disabled={uploading}>
            {t('upload.again')}
          </Button>
        </Upload>
      ) : (
        <Upload.Dragger {...props} aria-label={t('upload.label')} data-testid="onboarding-upload">
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('upload.drop')}</p>
          <p className="ant-upload-hint">
            {t('upload.hint', {
              max: n(ONBOARDING_MAX_MB),
              rows: n(ONBOARDING_LIMITS.rows),
              student: words.student,
              students: words.students,
            })}
          </p>
        </Upload.Dragger>
      )}
      {uploading ? <UploadProgress percent={state.percent} /> : null}
      {state.kind === 'error' ? <Alert type="error" showIcon title={state.text} role="alert" /> : null}
    </Flex>
  );
}

/** The bytes going up, then the wait while the server reads the rows. */
export function UploadProgress({ percent, checking }: { percent: number; checking?: string }) {
  const { t } = useTranslation('onboarding');
  const { locale } = useLanguage();
  const sent = percent >= 100;
  return (
    <div aria-live="polite" data-testid="onboarding-progress">
      <Typography.Text style={{ fontSize: 13 }}>
        {sent ? (
          <>
            <LoadingOutlined /> {checking ?? t('upload.checking')}
          </>
        ) : (
          t('upload.progress', { percent: percent.toLocaleString(locale) })
        )}
      </Typography.Text>
      <Progress
        percent={percent}
        size="small"
        status="active"
        showInfo={!sent}
        aria-label={t('upload.label')}
      />
    </div>
  );
}
