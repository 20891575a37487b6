import { CSRF_HEADER, exportEndpoints, type TableExportFormat } from '@batchwise/domain';
import { ApiError, NETWORK_ERROR, toApiError } from './api';

export interface DownloadedFile {
  fileName: string;
  contentType: string;
  size: number;
}

/** The file name of a `content-disposition` header, preferring the UTF-8 form (Bangla names). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * Fetches a file the server builds (exports) and hands it to the browser as a download. Errors
 * become the same `ApiError` as every other call, so screens translate them by code.
 */
export async function downloadFile(
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; fallbackName?: string } = {},
): Promise<DownloadedFile> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') headers[CSRF_HEADER] = '1';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, 'The server could not be reached.');
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: the status alone must do.
    }
    throw toApiError(response.status, body);
  }
  const blob = await response.blob();
  const fileName = fileNameOf(response.headers.get('content-disposition'), options.fallbackName ?? 'export');
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Some browsers read the object URL after click() returns; let go of it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return { fileName, contentType: blob.type, size: blob.size };
}

export type ExportCell = string | number | boolean | null;

/** `POST /api/exports`: any table exactly as shown, as PDF, XLSX or CSV ("Export As"). */
export function exportTable(table: {
  format: TableExportFormat;
  title: string;
  headers: string[];
  rows: ExportCell[][];
}): Promise<DownloadedFile> {
  return downloadFile(exportEndpoints.table.path, {
    method: exportEndpoints.table.method,
    body: table,
    fallbackName: `${table.title || 'export'}.${table.format}`,
  });
}
