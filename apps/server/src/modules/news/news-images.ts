import sharp, { type Sharp } from 'sharp';
import type { Storage } from '../../drivers/storage/storage';
import { failure } from '../../lib/errors';
import { newId } from '../../lib/ids';

/** Widths the pages ask for through `srcset`; the largest also feeds link previews. */
export const NEWS_IMAGE_WIDTHS = [480, 960, 1600] as const;
export type NewsImageWidth = (typeof NEWS_IMAGE_WIDTHS)[number];
export const NEWS_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const NEWS_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/avif'];

const imageError = () => failure(400, 'NEWS_IMAGE_INVALID', { max: NEWS_IMAGE_MAX_BYTES / 1024 / 1024 });

/** Storage key of one variant: `news/{id}-{width}.{format}`. */
export function variantKey(imageKey: string, width: NewsImageWidth, format: 'webp' | 'jpg'): string {
  return `${imageKey}-${width}.${format}`;
}

/** Public path of a variant, served by media.routes.ts. */
export function variantUrl(imageKey: string, width: NewsImageWidth, format: 'webp' | 'jpg' = 'webp'): string {
  return `/media/${variantKey(imageKey, width, format)}`;
}

/**
 * Decodes the upload (which also proves it is an image), turns it upright, drops its metadata
 * (phone photos carry GPS positions) and stores WebP at each width plus one JPEG for link
 * previews, whose crawlers do not all read WebP. Variants are made once here, not per request.
 */
export async function storeNewsImage(storage: Storage, body: Buffer, now: number): Promise<string> {
  if (body.length === 0 || body.length > NEWS_IMAGE_MAX_BYTES) throw imageError();
  let source: Sharp;
  try {
    source = sharp(body, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate();
    const meta = await source.metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
  } catch {
    throw imageError();
  }
  const imageKey = `news/${newId(now)}`;
  for (const width of NEWS_IMAGE_WIDTHS) {
    const resized = source.clone().resize({ width, withoutEnlargement: true });
    const webp = await resized.clone().webp({ quality: 78, effort: 4 }).toBuffer();
    await storage.put(variantKey(imageKey, width, 'webp'), webp, 'image/webp');
    if (width === 960) {
      const jpeg = await resized
        .clone()
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer();
      await storage.put(variantKey(imageKey, width, 'jpg'), jpeg, 'image/jpeg');
    }
  }
  return imageKey;
}
