// Private video courses (migration 0072), apart from schema.ts so it stays short.

/** A lesson video of an account: its uploaded source and what the transcode job made of it. */
export interface VideosTable {
  id: string;
  account_id: string;
  title: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  /** The uploaded file in the storage driver. */
  source_key: string;
  /** contracts/video.ts VIDEO_STATUSES. */
  status: string;
  /** A message code when the transcode failed, with ffmpeg's words in error_detail. */
  error_code: string | null;
  error_detail: string | null;
  duration_ms: number | null;
  width: number | null;
  height: number | null;
  /** JSON array of the finished renditions `{ name, width, height, bandwidth }`, in ladder order. */
  renditions: string;
  poster_key: string | null;
  /** Signs this video's stream addresses (video-stream.ts); never sent to a browser. */
  stream_secret: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface VideoCoursesTable {
  id: string;
  account_id: string;
  title: string;
  created_at: number;
  updated_at: number;
}

export interface VideoChaptersTable {
  id: string;
  course_id: string;
  account_id: string;
  title: string;
  position: number;
}

export interface VideoChapterItemsTable {
  chapter_id: string;
  video_id: string;
  account_id: string;
  position: number;
}

export interface VideoCourseClassroomsTable {
  course_id: string;
  classroom_id: string;
  account_id: string;
}

/** Where a student is in a video (resume) and the furthest point reached (for the teacher). */
export interface VideoProgressTable {
  video_id: string;
  student_id: string;
  account_id: string;
  position_ms: number;
  furthest_ms: number;
  updated_at: number;
}

export interface VideoTables {
  videos: VideosTable;
  video_courses: VideoCoursesTable;
  video_chapters: VideoChaptersTable;
  video_chapter_items: VideoChapterItemsTable;
  video_course_classrooms: VideoCourseClassroomsTable;
  video_progress: VideoProgressTable;
}
