import { FileExcelOutlined, InboxOutlined, SwapOutlined } from '@ant-design/icons';
import { columnLetter, TEMPLATE_SHEET_LIMITS } from '@batchwise/domain';
import { Alert, Button, Descriptions, Flex, Progress, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';
import { smsApi, type TemplateSheet } from './sms-api';

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';
const MAX_MB = TEMPLATE_SHEET_LIMITS.fileBytes / (1024 * 1024);
/** Rows of the sheet shown under the file's name, enough to recognise it. */
const FIRST_ROWS = 5;

type State = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'error'; text: string };

/** A column's name as shown: its header, or its letter when the header cell is empty. */
export function columnTitle(header: unknown, index: number): string {
  const text = header === null || header === undefined ? '' : String(header).trim();
  return text || columnLetter(index + 1);
}

/**
 * Step 1: the spreadsheet. The server reads it into rows and keeps nothing; the rows stay in the
 * page while the message is written and go back with the send. The type and size are checked
 * here first so nobody waits for an upload the server would refuse.
 */
export function TemplateUpload({
  accountId,
  sheet,
  onSheet,
}: {
  accountId: string;
  sheet: TemplateSheet | null;
  onSheet: (sheet: TemplateSheet | null) => void;
}) {
  const { t } = useTranslation(['sms', 'domain', 'errors']);
  const { locale } = useLanguage();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const n = (value: number) => value.toLocaleString(locale);

  const handleFile = async (file: File) => {
    if (!/\.(xlsx|csv)$/i.test(file.name)) {
      setState({ kind: 'error', text: t('domain:SHEET_FILE_TYPE') });
      return;
    }
    if (file.size > TEMPLATE_SHEET_LIMITS.fileBytes) {
      setState({ kind: 'error', text: t('domain:SHEET_TOO_LARGE', { max: n(MAX_MB) }) });
      return;
    }
    setState({ kind: 'uploading', percent: 0 });
    try {
      const read = await smsApi.readTemplateSheet(accountId, file, (percent) =>
        setState({ kind: 'uploading', percent }),
      );
      setState({ kind: 'idle' });
      onSheet(read);
    } catch (error) {
      setState({ kind: 'error', text: translateError(t, error) });
    }
  };

  if (sheet) return <SheetSummary sheet={sheet} onAnother={() => onSheet(null)} />;
  const uploading = state.kind === 'uploading';
  return (
    <Flex vertical gap={12}>
      <Upload.Dragger
        accept={ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={uploading}
        // The file is sent by uploadFile (progress, CSRF, translated errors), not by antd.
        beforeUpload={(file) => {
          void handleFile(file);
          return Upload.LIST_IGNORE;
        }}
        aria-label={t('templates.upload.label')}
        data-testid="template-upload"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('templates.upload.drop')}</p>
        <p className="ant-upload-hint">
          {t('templates.upload.hint', { max: n(MAX_MB), rows: n(TEMPLATE_SHEET_LIMITS.rows) })}
        </p>
      </Upload.Dragger>
      {uploading ? (
        <div aria-live="polite">
          <Typography.Text style={{ fontSize: 13 }}>
            {t('templates.upload.progress', { percent: n(state.percent) })}
          </Typography.Text>
          <Progress
            percent={state.percent}
            size="small"
            status="active"
            aria-label={t('templates.upload.label')}
          />
        </div>
      ) : null}
      {state.kind === 'error' ? <Alert type="error" showIcon title={state.text} role="alert" /> : null}
    </Flex>
  );
}

function SheetSummary({ sheet, onAnother }: { sheet: TemplateSheet; onAnother: () => void }) {
  const { t } = useTranslation('sms');
  const { locale } = useLanguage();
  const headers = sheet.rows[0] ?? [];
  const width = sheet.rows.reduce((max, row) => Math.max(max, row.length), 0);
  const columns = [
    {
      key: 'row',
      title: t('templates.upload.row'),
      dataIndex: 'row',
      width: 64,
      fixed: 'left' as const,
    },
    ...Array.from({ length: width }, (_, index) => ({
      key: String(index),
      title: columnTitle(headers[index], index),
      dataIndex: String(index),
      ellipsis: true,
      width: 140,
    })),
  ];
  const data = sheet.rows.slice(1, FIRST_ROWS + 1).map((row, index) => ({
    key: index,
    // Spreadsheet numbering: row 1 holds the headers.
    row: (index + 2).toLocaleString(locale),
    ...Object.fromEntries(row.map((cell, column) => [String(column), cell === null ? '' : String(cell)])),
  }));
  return (
    <Flex vertical gap={12}>
      <Flex gap={12} align="flex-start" wrap justify="space-between">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 3 }}
          style={{ flex: '1 1 320px' }}
          items={[
            {
              key: 'file',
              label: t('templates.upload.file'),
              children: (
                <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                  <FileExcelOutlined /> {sheet.fileName}
                </Typography.Text>
              ),
            },
            { key: 'sheet', label: t('templates.upload.sheet'), children: sheet.sheetName },
            {
              key: 'rows',
              label: t('templates.upload.rows'),
              children: Math.max(0, sheet.rows.length - 1).toLocaleString(locale),
            },
          ]}
        />
        <Button icon={<SwapOutlined />} onClick={onAnother}>
          {t('templates.upload.another')}
        </Button>
      </Flex>
      <Table
        size="small"
        bordered
        title={() => (
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('templates.upload.firstRows')}
          </Typography.Text>
        )}
        columns={columns}
        dataSource={data}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
