// Resumable uploads (tus 1.0, apps/server modules/uploads) and what each purpose accepts. An
// upload is made for one purpose; the module that uses it claims it once with the same purpose.
// Limits per file are ours; the storage quotas come from the account's plan (plans/plans.ts
// `videoStorageGb`, `fileStorageGb`, spec part 1 §9: 1 TB for video and 10 TB for files).

import type { PlanLimitKey } from '../plans/plans';

/** What an upload is for: a file shared in a classroom, or a lesson video to transcode. */
export const UPLOAD_PURPOSES = ['classroom-file', 'lesson-video'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export function isUploadPurpose(value: unknown): value is UploadPurpose {
  return (UPLOAD_PURPOSES as readonly unknown[]).includes(value);
}

/** Families of files told apart by their first bytes (never by name or declared type). */
export type FileKind = 'video' | 'pdf' | 'image' | 'office';

const GIB = 1024 ** 3;

export interface UploadRule {
  kinds: readonly FileKind[];
  /** Largest single file. */
  maxBytes: number;
  /** The plan limit the stored bytes count against. */
  quota: Extract<PlanLimitKey, 'videoStorageGb' | 'fileStorageGb'>;
}

export const UPLOAD_RULES: Record<UploadPurpose, UploadRule> = {
  'classroom-file': { kinds: ['pdf', 'image', 'office', 'video'], maxBytes: 2 * GIB, quota: 'fileStorageGb' },
  'lesson-video': { kinds: ['video'], maxBytes: 8 * GIB, quota: 'videoStorageGb' },
};

/** The largest file any purpose takes (the tus server's own backstop). */
export const UPLOAD_MAX_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

/** Bytes a file's signature needs (an MP4's `ftyp` box sits at 4; 16 leaves room). */
export const SIGNATURE_BYTES = 16;

export interface DetectedFile {
  kind: FileKind;
  /** The content type served back, from the signature. */
  contentType: string;
  /** The extension the stored key gets. */
  extension: string;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** ZIP-based Office files (OOXML) and legacy OLE compound files share a container signature. */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const EBML = [0x1a, 0x45, 0xdf, 0xa3];

const OFFICE_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

/** The extension of a file name, lower case, or ''. */
export function extensionOf(fileName: string): string {
  return /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
}

/**
 * What a file is by its first bytes: video containers (MP4/MOV by `ftyp`, WebM/MKV by EBML), PDF,
 * JPEG/PNG/WebP, and Office files. An Office container (a ZIP or an OLE file) says only that it
 * is one of them; the name tells which, and a ZIP or OLE file named otherwise is refused.
 */
export function detectFile(bytes: Uint8Array, fileName: string): DetectedFile | null {
  if (ascii(bytes, 0, 5) === '%PDF-')
    return { kind: 'pdf', contentType: 'application/pdf', extension: 'pdf' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', contentType: 'image/png', extension: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff]))
    return { kind: 'image', contentType: 'image/jpeg', extension: 'jpg' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return { kind: 'image', contentType: 'image/webp', extension: 'webp' };
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    return brand === 'qt  '
      ? { kind: 'video', contentType: 'video/quicktime', extension: 'mov' }
      : { kind: 'video', contentType: 'video/mp4', extension: 'mp4' };
  }
  if (startsWith(bytes, EBML)) {
    const webm = extensionOf(fileName) === 'webm';
    return webm
      ? { kind: 'video', contentType: 'video/webm', extension: 'webm' }
      : { kind: 'video', contentType: 'video/x-matroska', extension: 'mkv' };
  }
  const extension = extensionOf(fileName);
  const container = startsWith(bytes, ZIP)
    ? ['docx', 'xlsx', 'pptx']
    : startsWith(bytes, OLE)
      ? ['doc', 'xls', 'ppt']
      : [];
  if (container.includes(extension))
    return { kind: 'office', contentType: OFFICE_TYPES[extension]!, extension };
  return null;
}

/** The `Upload-Metadata` keys an upload is created with (values base64, tus 1.0 §Creation). */
export const UPLOAD_METADATA = {
  accountId: 'accountId',
  purpose: 'purpose',
  fileName: 'filename',
  fileType: 'filetype',
} as const;

/** What the claiming module learns of a finished upload (modules/uploads `claim`). */
export interface ClaimedUpload {
  storageKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

/** The units a size is read in, named as `Intl.NumberFormat`'s `unit` style names them. */
export type ByteUnit = 'byte' | 'kilobyte' | 'megabyte' | 'gigabyte' | 'terabyte';
const BYTE_UNITS: readonly ByteUnit[] = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'];
const UNIT_SYMBOLS: Record<ByteUnit, string> = {
  byte: 'B',
  kilobyte: 'KB',
  megabyte: 'MB',
  gigabyte: 'GB',
  terabyte: 'TB',
};

/**
 * A size in the largest unit it reaches (1024 to the next), one decimal below 10: `1.5 GB`,
 * `350 MB`. The web formats the value in the reader's language; messages use `formatBytes`.
 */
export function bytesInUnit(bytes: number): { value: number; unit: ByteUnit } {
  let value = bytes;
  let index = 0;
  while (value >= 1024 && index < BYTE_UNITS.length - 1) {
    value /= 1024;
    index += 1;
  }
  const shown = index === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return { value: shown, unit: BYTE_UNITS[index] ?? 'byte' };
}

/** A size in the units people read (`2 GB`, `350 MB`), for messages. */
export function formatBytes(bytes: number): string {
  const { value, unit } = bytesInUnit(bytes);
  return `${value} ${UNIT_SYMBOLS[unit]}`;
}

/** A plan's quota in bytes (the plan counts GB); null: unlimited. */
export function quotaBytes(limitGb: number | null): number | null {
  return limitGb === null ? null : limitGb * GIB;
}
