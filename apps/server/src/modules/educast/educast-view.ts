import type { Educast } from '@batchwise/domain';
import type { Selectable } from 'kysely';
import type { EducastsTable } from '../../db/schema-educast';

export type EducastRow = Selectable<EducastsTable> & { video_status: string | null };

export function educastView(row: EducastRow): Educast {
  return {
    id: row.id,
    title: row.title,
    source: row.source as Educast['source'],
    state: row.state as Educast['state'],
    durationMs: Number(row.duration_ms),
    chunks: Number(row.chunk_count),
    sizeBytes: Number(row.size_bytes),
    trimStartS: Number(row.trim_start_s),
    trimEndS: Number(row.trim_end_s),
    code: row.code,
    courseId: row.course_id,
    videoId: row.video_id,
    videoStatus: row.video_status as Educast['videoStatus'],
    errorCode: row.error_code,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** Where a recording's files live in the storage driver (chunks are WebM, or MP4 from Safari). */
export const educastKeys = (accountId: string, educastId: string) => {
  const base = `educasts/${accountId}/${educastId}`;
  return {
    base,
    chunk: (seq: number) => `${base}/chunks/${String(seq).padStart(6, '0')}`,
    lesson: `${base}/lesson.mp4`,
  };
};
