import { CopyOutlined, DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Input, Space, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../components/qr-code';

/** The QR code's SVG drawn on a canvas, saved as a PNG (what people print and post). */
async function downloadPng(svg: SVGSVGElement, fileName: string, size = 640) {
  const source = new XMLSerializer().serializeToString(svg);
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
  const image = new Image();
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('QR image'));
    image.src = url;
  });
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.drawImage(image, 0, 0, size, size);
  const anchor = document.createElement('a');
  anchor.href = canvas.toDataURL('image/png');
  anchor.download = fileName;
  anchor.click();
}

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
    if (svg) void downloadPng(svg, 'admission-qr-code.png');
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
