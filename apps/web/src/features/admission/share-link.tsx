import { CopyOutlined, DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Input, Space, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadQrPng, QrCode } from '../../components/qr-code';

/** The shareable address of the public form, to copy, scan or open. */
export function ShareLink({ url, accepting }: { url: string; accepting: boolean }) {
  const { t } = useTranslation('applications');
  const { message } = App.useApp();
  const qr = useRef<HTMLDivElement>(null);

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      message.success(t('settings.link.copied'));
    } catch {
      message.info(t('settings.link.copyManually'));
    }
  };
  const handleDownload = () => {
    const svg = qr.current?.querySelector('svg');
    if (svg) void downloadQrPng(svg, 'admission-qr-code.png');
  };

  return (
    <Card title={t('settings.link.title')} size="small" data-testid="admission-link">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {accepting ? t('settings.link.hint') : t('settings.link.closedHint')}
        </Typography.Text>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            readOnly
            value={url}
            aria-label={t('settings.link.address')}
            data-testid="admission-link-url"
          />
          <Button
            icon={<CopyOutlined />}
            onClick={() => void handleCopy()}
            aria-label={t('settings.link.copy')}
          >
            {t('settings.link.copy')}
          </Button>
        </Space.Compact>
        <Flex gap={16} wrap align="center">
          <div
            ref={qr}
            data-testid="admission-qr"
            style={{
              lineHeight: 0,
              border: '1px solid #f0f0f0',
              borderRadius: 8,
              padding: 8,
              background: '#fff',
            }}
          >
            <QrCode value={url} size={160} title={t('settings.link.qrTitle')} />
          </div>
          <Flex vertical gap={8}>
            <Button icon={<DownloadOutlined />} onClick={handleDownload}>
              {t('settings.link.downloadQr')}
            </Button>
            <Button icon={<ExportOutlined />} href={url} target="_blank" rel="noopener">
              {t('settings.link.preview')}
            </Button>
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}
