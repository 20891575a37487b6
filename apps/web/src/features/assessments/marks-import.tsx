import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Flex, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDrawerPlacement, useDrawerSize } from '../../components/antd/use-drawer-size';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import styles from './assessments.module.css';
import {
  assessmentsApi,
  type MarksImport as ImportCheck,
  MARKS_SHEET_ACCEPT,
  MARKS_SHEET_MAX_MB,
  refreshAssessments,
  sheetProblem,
} from './assessments-api';

type State =
  | { kind: 'idle' }
  | { kind: 'busy'; percent: number; step: 'check' | 'import' }
  | { kind: 'checked'; file: File; check: ImportCheck }
  | { kind: 'error'; text: string };

/**
 * Marks from a spreadsheet: download the marks sheet (the grid's students and
 * parts, current marks filled in), fill it in Excel, upload it. The server checks every row and
 * writes nothing until the file has no problems; then the same file is sent again to import.
 */
export function MarksImport({
  open,
  accountId,
  assessmentId,
  unsaved,
  onClose,
}: {
  open: boolean;
  accountId: string;
  assessmentId: string;
  /** Typed marks not saved yet: the import would be overwritten by them, or overwrite them. */
  unsaved: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['assessments', 'domain', 'errors']);
  const { language, locale } = useLanguage();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const size = useDrawerSize(560);
  const placement = useDrawerPlacement();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [downloading, setDownloading] = useState(false);
  const n = (value: number) => value.toLocaleString(locale);

  const handleTemplate = async () => {
    setDownloading(true);
    try {
      await assessmentsApi.downloadTemplate(accountId, assessmentId, language);
    } catch (error) {
      message.error({ content: translateError(t, error), duration: 6 });
    } finally {
      setDownloading(false);
    }
  };

  const handleFile = async (file: File) => {
    const problem = sheetProblem(file);
    if (problem) {
      setState({ kind: 'error', text: t(`domain:${problem}`, { max: n(MARKS_SHEET_MAX_MB) }) });
      return;
    }
    setState({ kind: 'busy', percent: 0, step: 'check' });
    try {
      const check = await assessmentsApi.checkImport(accountId, assessmentId, file, (percent) =>
        setState({ kind: 'busy', percent, step: 'check' }),
      );
      setState({ kind: 'checked', file, check });
    } catch (error) {
      setState({ kind: 'error', text: translateError(t, error) });
    }
  };

  const handleImport = async (file: File) => {
    setState({ kind: 'busy', percent: 0, step: 'import' });
    try {
      const result = await assessmentsApi.importMarks(accountId, assessmentId, file, (percent) =>
        setState({ kind: 'busy', percent, step: 'import' }),
      );
      if (!result.ok) {
        setState({ kind: 'checked', file, check: result });
        return;
      }
      message.success(t('import.done', { count: result.cells, formatted: n(result.cells) }));
      await refreshAssessments(queryClient, accountId);
      setState({ kind: 'idle' });
      onClose();
    } catch (error) {
      setState({ kind: 'error', text: translateError(t, error) });
    }
  };

  const busy = state.kind === 'busy';
  return (
    <Drawer
      placement={placement}
      open={open}
      onClose={onClose}
      size={size}
      title={t('import.title')}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) setState({ kind: 'idle' });
      }}
    >
      <Flex vertical gap={16} data-testid="marks-import">
        <Typography.Paragraph style={{ margin: 0 }}>{t('import.intro')}</Typography.Paragraph>
        <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void handleTemplate()}>
          {t('import.template')}
        </Button>
        {unsaved ? <Alert type="warning" showIcon title={t('import.unsaved')} /> : null}
        <Upload.Dragger
          accept={MARKS_SHEET_ACCEPT}
          multiple={false}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file: File) => {
            void handleFile(file);
            return Upload.LIST_IGNORE;
          }}
          aria-label={t('import.upload')}
          data-testid="marks-upload"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('import.drop')}</p>
          <p className="ant-upload-hint">{t('import.hint', { max: n(MARKS_SHEET_MAX_MB) })}</p>
        </Upload.Dragger>
        {state.kind === 'busy' ? (
          <div aria-live="polite">
            <Typography.Text>
              {t(state.step === 'check' ? 'import.checking' : 'import.importing')}
            </Typography.Text>
            <Progress percent={state.percent} size="small" status="active" />
          </div>
        ) : null}
        {state.kind === 'error' ? <Alert type="error" showIcon role="alert" title={state.text} /> : null}
        {state.kind === 'checked' ? (
          <CheckResult check={state.check} onImport={() => void handleImport(state.file)} />
        ) : null}
      </Flex>
    </Drawer>
  );
}

function CheckResult({ check, onImport }: { check: ImportCheck; onImport: () => void }) {
  const { t } = useTranslation(['assessments', 'domain', 'errors']);
  const { locale } = useLanguage();
  const n = (value: number) => value.toLocaleString(locale);
  if (check.ok) {
    return (
      <Flex vertical gap={12} data-testid="marks-import-ok">
        <Alert
          type="success"
          showIcon
          title={t('import.ready', {
            fileName: check.fileName,
            students: n(check.students),
            count: check.cells,
            cells: n(check.cells),
          })}
        />
        <Button type="primary" onClick={onImport} disabled={check.cells === 0} data-testid="marks-import-go">
          {t('import.go', { count: check.cells, cells: n(check.cells) })}
        </Button>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={8} data-testid="marks-import-problems">
      <Alert
        type="error"
        showIcon
        title={t('import.problems', { count: check.problems.length, formatted: n(check.problems.length) })}
        description={t('import.fixAndUpload')}
      />
      <ul className={styles.problems}>
        {check.problems.map((problem, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: problems have no identity but their place
          <li key={index}>
            <Typography.Text strong>
              {problem.column
                ? t('import.rowColumn', { row: n(problem.row), column: problem.column })
                : t('import.row', { row: n(problem.row) })}
            </Typography.Text>{' '}
            <Typography.Text>
              {t(`domain:${problem.code}`, { ...problem.params, defaultValue: problem.message })}
            </Typography.Text>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
