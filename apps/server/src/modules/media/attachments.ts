import { ADMISSION_ATTACHMENT_LIMITS } from '@batchwise/domain';
import type { MultipartFile } from '@fastify/multipart';
import sharp from 'sharp';
import type { Storage } from '../../drivers/storage/storage';
import { failure } from '../../lib/errors';
import { newId } from '../../lib/ids';

// Files staff put on the admission form's welcome page: a prospectus or a fee
// chart, as a PDF or a picture. The public opens them, so what is stored must be what it claims:
// a PDF by its signature, a picture by decoding it (and it is stored re-encoded, without metadata).

export type AttachmentType = 'pdf' | 'png' | 'jpg';

export const ATTACHMENT_CONTENT_TYPES: Record<AttachmentType, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
};

export interface UploadedAttachment {
  fileName: string;
  body: Buffer;
}

/** Reads one uploaded attachment, refusing other names and files past the size limit. */
export async function readAttachment(file: MultipartFile | undefined): Promise<UploadedAttachment> {
  const extension = /\.([a-z]+)$/i.exec(file?.filename ?? '')?.[1]?.toLowerCase() ?? '';
  if (!file || !(ADMISSION_ATTACHMENT_LIMITS.types as readonly string[]).includes(extension))
    throw failure(400, 'ADMISSION_ATTACHMENT_TYPE_INVALID', { file: file?.filename ?? '-' });
  const body = await file.toBuffer().catch(() => undefined);
  if (!body || file.file.truncated || body.length > ADMISSION_ATTACHMENT_LIMITS.maxBytes)
    throw failure(413, 'ADMISSION_ATTACHMENT_TOO_LARGE', {
      max: ADMISSION_ATTACHMENT_LIMITS.maxBytes / 1024 / 1024,
    });
  return { fileName: file.filename, body };
}

/** What the bytes are, whatever the file's name says; null for anything else. */
export function attachmentTypeOf(body: Buffer): AttachmentType | null {
  if (body.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return 'jpg';
  return null;
}

/** Stores the attachment under a new key and returns the key (`attachments/{id}.{type}`). */
export async function storeAttachment(
  storage: Storage,
  upload: UploadedAttachment,
  now: number,
): Promise<string> {
  const type = attachmentTypeOf(upload.body);
  if (!type) throw failure(400, 'ADMISSION_ATTACHMENT_TYPE_INVALID', { file: upload.fileName });
  let body = upload.body;
  if (type !== 'pdf') {
    try {
      const image = sharp(body, { failOn: 'error', limitInputPixels: 40_000_000 })
        .rotate()
        .resize(2400, 2400, { fit: 'inside', withoutEnlargement: true });
      body = await (type === 'png' ? image.png() : image.jpeg({ quality: 85 })).toBuffer();
    } catch {
      throw failure(400, 'ADMISSION_ATTACHMENT_TYPE_INVALID', { file: upload.fileName });
    }
  }
  const key = `attachments/${newId(now)}.${type}`;
  await storage.put(key, body, ATTACHMENT_CONTENT_TYPES[type]);
  return key;
}
