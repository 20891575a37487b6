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
