import type { FamilyFile } from '@batchwise/domain';
import type { Storage, StoredObject } from '../../drivers/storage/storage';
import { notFound } from '../../lib/errors';
import type { EventBus } from '../events/event-bus';
import type { FileRow } from './classroom-files.repository';

export interface FileContent {
  object: StoredObject;
  fileName: string;
  contentType: string;
}

/** Types a browser shows itself (preview); anything else is always a download. */
export const PREVIEWED_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/webp']);

/** A file's stored bytes; a note (no file) or a missing object is not found. */
export async function fileContent(storage: Pick<Storage, 'get'>, file: FileRow): Promise<FileContent> {
  if (!file.storage_key) throw notFound();
  const object = await storage.get(file.storage_key);
  if (!object) throw notFound();
  return {
    object,
    fileName: file.file_name ?? file.title,
    contentType: file.content_type ?? 'application/octet-stream',
  };
}

/** The account's file lists and its storage usage refetch. */
export async function filesChanged(events: EventBus, accountId: string): Promise<void> {
  await events.publish({
    channel: `account:${accountId}`,
    type: 'classroom-files.changed',
    stale: [{ resource: 'classroom-files', params: { accountId } }],
  });
}

export function familyView(file: FileRow): FamilyFile {
  return {
    id: file.id,
    title: file.title,
    note: file.note,
    fileName: file.file_name,
    contentType: file.content_type,
    sizeBytes: Number(file.size_bytes ?? 0),
    createdAt: Number(file.created_at),
    classroomName: file.classroom_name,
    folderName: file.folder_name,
  };
}
