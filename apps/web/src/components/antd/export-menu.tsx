import { DownloadOutlined, FileExcelOutlined, FilePdfOutlined, FileTextOutlined } from '@ant-design/icons';
import type { ExportFormat, TableExportFormat } from '@batchwise/domain';
import { App, Button, Dropdown, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';

/**
 * The export control of every table (spec part 2 §2): a dropdown labelled "Export As", or an
 * icon menu titled "Export", offering PDF and XLSX (and CSV where `formats` lists it). `onExport`
 * builds and downloads the file.
 */
export function ExportMenu<F extends TableExportFormat = ExportFormat>({
  onExport,
  variant = 'dropdown',
  disabled,
  formats = ['pdf', 'xlsx'] as F[],
}: {
  onExport: (format: F) => Promise<unknown>;
  variant?: 'dropdown' | 'icon';
  disabled?: boolean;
  formats?: readonly F[];
}) {
  const { t } = useTranslation(['app', 'domain', 'errors']);
  const { message } = App.useApp();
  const [busy, setBusy] = useState<F | null>(null);

  const handleExport = async (format: F) => {
    setBusy(format);
    try {
      await onExport(format);
    } catch (error) {
      message.error({ content: translateError(t, error), duration: 5 });
    } finally {
      setBusy(null);
    }
  };

  const icons: Record<TableExportFormat, ReactNode> = {
    pdf: <FilePdfOutlined />,
    xlsx: <FileExcelOutlined />,
    csv: <FileTextOutlined />,
  };
  const items = formats.map((format) => ({ key: format, icon: icons[format], label: t(`export.${format}`) }));
  const menu = {
    items,
    onClick: ({ key }: { key: string }) => void handleExport(key as F),
  };
  return (
    <Dropdown menu={menu} trigger={['click']} disabled={disabled || busy !== null}>
      {variant === 'icon' ? (
        <Tooltip title={t('export.title')}>
          <Button icon={<DownloadOutlined />} loading={busy !== null} aria-label={t('export.title')} />
        </Tooltip>
      ) : (
        <Button icon={<DownloadOutlined />} loading={busy !== null}>
          {t('export.as')}
        </Button>
      )}
    </Dropdown>
  );
}
