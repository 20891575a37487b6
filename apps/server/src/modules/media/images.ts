import type { MultipartFile } from '@fastify/multipart';
import sharp from 'sharp';
import type { Storage } from '../../drivers/storage/storage';
import { failure } from '../../lib/errors';
import { newId } from '../../lib/ids';

export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** The spec allows png, jpg and jpeg pictures (part 1 §5, part 2 §5). */
const PICTURE_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg']);

export type PictureKind = 'avatars' | 'logos' | 'classrooms' | 'students';

/** Reads one uploaded picture, refusing other types with the spec's message. */
export async function readPicture(file: MultipartFile | undefined): Promise<Buffer> {
  // The spec's marker for "no photo given" doubles as the file name in the message.
  if (!file) throw failure(400, 'PICTURE_TYPE_INVALID', { file: 'NO-PHOTO-PROVIDED' });
  if (!PICTURE_TYPES.has(file.mimetype) || !/\.(png|jpe?g)$/i.test(file.filename)) {
    throw failure(400, 'PICTURE_TYPE_INVALID', { file: file.filename });
  }
  const body = await file.toBuffer().catch(() => undefined);
  if (!body || file.file.truncated)
    throw failure(413, 'PICTURE_TOO_LARGE', { max: PICTURE_MAX_BYTES / 1024 / 1024 });
  return body;
}

/**
 * Stores a square picture at 256 px as WebP: decoding proves it is an image, rotation follows the
 * camera, and metadata (GPS positions of phone photos) is dropped. Returns the storage key.
 */
export async function storePicture(
  storage: Storage,
  kind: PictureKind,
  body: Buffer,
  now: number,
): Promise<string> {
  let webp: Buffer;
  try {
    webp = await sharp(body, { failOn: 'error', limitInputPixels: 40_000_000 })
      .rotate()
      .resize(256, 256, {
        fit: kind === 'logos' ? 'contain' : 'cover',
        background: { r: 255, g: 255, b: 255, alpha: 0 },
      })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw failure(400, 'PICTURE_TYPE_INVALID', { file: 'picture' });
  }
  const key = `${kind}/${newId(now)}.webp`;
  await storage.put(key, webp, 'image/webp');
  return key;
}

/** Where stored files are served: a picture's address is this prefix and its storage key. */
export const MEDIA_PREFIX = '/media/';

/** Public address of a stored picture; the key is unguessable and never reused. */
export function pictureUrl(key: string | null): string | null {
  return key ? `${MEDIA_PREFIX}${key}` : null;
}

/** The storage key behind a picture's public address (the inverse of pictureUrl). */
export function pictureKeyOf(url: string): string | undefined {
  return url.startsWith(MEDIA_PREFIX) ? url.slice(MEDIA_PREFIX.length) : undefined;
}
