import { QRCodeSVG } from '@rc-component/qrcode';

/**
 * A QR code as SVG (prints sharply). `@rc-component/qrcode` is the small, React-only QR
 * generator Ant Design itself depends on (antd ~2.0.0), so no new package is installed; this
 * file imports nothing else from antd and is loaded lazily where used.
 */
export function QrCode({ value, size, title }: { value: string; size: number; title?: string }) {
  return (
    <QRCodeSVG
      value={value}
      size={size}
      level="M"
      marginSize={1}
      title={title}
      bgColor="#ffffff"
      fgColor="#000000"
    />
  );
}

/** The QR code's SVG drawn on a canvas, saved as a PNG (what people print and post). */
export async function downloadQrPng(svg: SVGSVGElement, fileName: string, size = 640) {
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
