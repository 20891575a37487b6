import { ASSIGNMENT_LIMITS } from '@batchwise/domain';
import type { MultipartFile } from '@fastify/multipart';
import type { Storage } from '../../drivers/storage/storage';
import { readAttachment, storeAttachment } from '../media/attachments';

/**
 * A file for an assignment or a submission, through the media upload path the admission form's
 * attachments use: checked by its content, stored under a new key, served from /media/attachments.
 */
export async function storeUpload(storage: Storage, file: MultipartFile | undefined, now: number) {
  const upload = await readAttachment(file);
  const key = await storeAttachment(storage, upload, now);
  return { name: upload.fileName.slice(0, ASSIGNMENT_LIMITS.fileName), url: `/media/${key}` };
}
