import type { Video, VideoCourse } from '@batchwise/domain';
import type { Selectable } from 'kysely';
import type { VideoCoursesTable, VideosTable } from '../../db/schema-video';
import type { VideoRepository } from './video.repository';
import type { Rendition } from './video-transcode';

export function videoView(row: Selectable<VideosTable>): Video {
  return {
    id: row.id,
    title: row.title,
    fileName: row.file_name,
    status: row.status as Video['status'],
    errorCode: row.error_code,
    errorDetail: row.error_detail,
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    renditions: (JSON.parse(row.renditions) as Rendition[]).map((r) => r.name),
    sizeBytes: Number(row.size_bytes),
    createdAt: Number(row.created_at),
  };
}

/** Courses with their chapters (in order, each with its videos in order) and classrooms. */
export async function courseViews(
  repo: VideoRepository,
  courses: readonly Selectable<VideoCoursesTable>[],
): Promise<VideoCourse[]> {
  const ids = courses.map((c) => c.id);
  const chapters = await repo.chapters(ids);
  const items = await repo.chapterItems(chapters.map((c) => c.id));
  const classrooms = await repo.courseClassrooms(ids);
  return courses.map((course) => ({
    id: course.id,
    title: course.title,
    updatedAt: Number(course.updated_at),
    classroomIds: classrooms.filter((c) => c.course_id === course.id).map((c) => c.classroom_id),
    chapters: chapters
      .filter((ch) => ch.course_id === course.id)
      .map((ch) => ({
        id: ch.id,
        title: ch.title,
        videoIds: items.filter((i) => i.chapter_id === ch.id).map((i) => i.video_id),
      })),
  }));
}
