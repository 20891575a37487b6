const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * Human file size in 1024 steps: `formatFileSize(1536)` → `1.5 KB`. Trailing zeros are dropped;
 * zero, negative or non-numeric sizes show `0 Bytes`.
 */
export function formatFileSize(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const places = Number.isFinite(decimals) && decimals > 0 ? Math.min(20, Math.floor(decimals)) : 0;
  const index = Math.min(UNITS.length - 1, Math.max(0, Math.floor(Math.log(bytes) / Math.log(1024))));
  const value = Number.parseFloat((bytes / 1024 ** index).toFixed(places));
  return `${value} ${UNITS[index]}`;
}
