import { DownloadOutlined, FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { ExportFormat } from '@batchwise/domain';
import { App, Button, Dropdown, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';

/**
 * The export control of every table (spec part 2 §2): a dropdown labelled "Export As", or an
 * icon menu titled "Export", offering PDF and XLSX. `onExport` builds and downloads the file.
 */
export function ExportMenu({
  onExport,
  variant = 'dropdown',
  disabled,
}: {
  onExport: (format: ExportFormat) => Promise<unknown>;
  variant?: 'dropdown' | 'icon';
  disabled?: boolean;
}) {
  const { t } = useTranslation(['app', 'domain', 'errors']);
  const { message } = App.useApp();
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const handleExport = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await onExport(format);
    } catch (error) {
      message.error({ content: translateError(t, error), duration: 5 });
    } finally {
      setBusy(null);
    }
  };

  const items = [
    { key: 'pdf', icon: <FilePdfOutlined />, label: t('export.pdf') },
    { key: 'xlsx', icon: <FileExcelOutlined />, label: t('export.xlsx') },
  ];
  const menu = {
    items,
    onClick: ({ key }: { key: string }) => void handleExport(key as ExportFormat),
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
