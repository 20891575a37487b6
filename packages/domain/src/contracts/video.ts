import { z } from 'zod';
import { timestampField } from './fields';

// Private video courses (DESIGN.md §1 "Files and video": modules/video). A teacher adds lesson
// videos from finished uploads; a background job transcodes each into HLS renditions with a
// poster and its duration. The teacher arranges videos into courses and chapters and attaches
// courses to classrooms; students of those classrooms whose VideoPermission is "Allowed" (spec
// part 1 §3 "Accepted student") watch them through short-lived signed stream addresses.
//
//   GET    /api/accounts/:accountId/videos                       → videoLibrarySchema
//   POST   /api/accounts/:accountId/videos                       videoAddSchema → videoSchema (201)
//   DELETE /api/accounts/:accountId/videos/:videoId              → ok
//   POST   /api/accounts/:accountId/videos/:videoId/play         → videoPlaySchema (the teacher's preview)
//   POST   /api/accounts/:accountId/video-courses                videoCourseInputSchema → videoCourseSchema (201)
//   PUT    /api/accounts/:accountId/video-courses/:courseId      videoCourseInputSchema → videoCourseSchema
//   DELETE /api/accounts/:accountId/video-courses/:courseId      → ok
//   GET    /api/accounts/:accountId/video-courses/:courseId/viewers → videoViewersSchema
//   PUT    /api/accounts/:accountId/students/:studentId/video-permission videoPermissionInputSchema → ok
//   GET    /api/portal/students/:studentId/video-courses         → familyVideoCoursesSchema
//   POST   /api/portal/students/:studentId/videos/:videoId/play  → videoPlaySchema
//            403 VIDEO_NOT_ALLOWED when the teacher blocked the student
//   PUT    /api/portal/students/:studentId/videos/:videoId/progress videoProgressInputSchema → ok

export const VIDEO_LIMITS = {
  title: 120,
  chapters: 50,
  videosPerChapter: 200,
  classrooms: 50,
} as const;

/** The HLS ladder: each rung is made only when the source is at least that tall. */
export const VIDEO_RUNGS = [
  { name: '240p', height: 240, videoKbps: 300 },
  { name: '360p', height: 360, videoKbps: 600 },
  { name: '720p', height: 720, videoKbps: 1800 },
] as const;

/** How long a signed stream address works; the player renews it before it ends. */
export const VIDEO_STREAM_TTL_MS = 5 * 60_000;

export const VIDEO_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** The VideoPermission values of an enrolment (spec part 1 §3): only "Allowed" watches. */
export const VIDEO_PERMISSION_ALLOWED = 'Allowed';
export const VIDEO_PERMISSION_BLOCKED = 'Not allowed';

const title = z.string().trim().min(1).max(VIDEO_LIMITS.title);

export const videoSchema = z.object({
  id: z.string(),
  title: z.string(),
  fileName: z.string(),
  status: z.enum(VIDEO_STATUSES),
  /** Why the transcode failed: a message code (VIDEO_NOT_READABLE, VIDEO_TRANSCODE_FAILED). */
  errorCode: z.string().nullable(),
  /** ffmpeg's own words for the failure, for support. */
  errorDetail: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** The renditions made so far, e.g. ['240p', '360p']. */
  renditions: z.array(z.string()),
  sizeBytes: z.number().int(),
  createdAt: timestampField,
});
export type Video = z.infer<typeof videoSchema>;

export const videoAddSchema = z.object({
  /** A finished resumable upload of the account (claimed once). */
  uploadId: z.string().min(1).max(200),
  title: title.optional(),
});
export type VideoAdd = z.infer<typeof videoAddSchema>;

export const videoChapterSchema = z.object({
  id: z.string(),
  title: z.string(),
  videoIds: z.array(z.string()),
});

export const videoCourseSchema = z.object({
  id: z.string(),
  title: z.string(),
  chapters: z.array(videoChapterSchema),
  classroomIds: z.array(z.string()),
  updatedAt: timestampField,
});
export type VideoCourse = z.infer<typeof videoCourseSchema>;

export const videoCourseInputSchema = z.object({
  title,
  chapters: z
    .array(
      z.object({
        title,
        videoIds: z.array(z.string().min(1)).max(VIDEO_LIMITS.videosPerChapter),
      }),
    )
    .max(VIDEO_LIMITS.chapters)
    .default([]),
  classroomIds: z.array(z.string().min(1)).max(VIDEO_LIMITS.classrooms).default([]),
});
export type VideoCourseInput = z.input<typeof videoCourseInputSchema>;

export const videoLibrarySchema = z.object({
  videos: z.array(videoSchema),
  courses: z.array(videoCourseSchema),
  /** The account's classrooms a course may be attached to. */
  classrooms: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type VideoLibrary = z.infer<typeof videoLibrarySchema>;

export const videoPlaySchema = z.object({
  /** The master playlist under a signed address that ends at `expiresAt`. */
  playlistUrl: z.string(),
  posterUrl: z.string().nullable(),
  expiresAt: timestampField,
  /** Where this viewer left off (ms); 0 for the teacher's preview. */
  positionMs: z.number().int().nonnegative(),
});
export type VideoPlay = z.infer<typeof videoPlaySchema>;

export const videoProgressInputSchema = z.object({
  positionMs: z
    .number()
    .int()
    .nonnegative()
    .max(24 * 3_600_000),
});

export const videoPermissionInputSchema = z.object({ allowed: z.boolean() });

export const videoViewerSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  allowed: z.boolean(),
  progress: z.array(
    z.object({
      videoId: z.string(),
      positionMs: z.number().int(),
      /** Furthest point reached, as a share of the video (0–100). */
      percent: z.number().int(),
      updatedAt: timestampField,
    }),
  ),
});
export const videoViewersSchema = z.object({ viewers: z.array(videoViewerSchema) });
export type VideoViewers = z.infer<typeof videoViewersSchema>;

export const familyVideoCoursesSchema = z.object({
  /** False when the teacher blocked this student from videos (VideoPermission). */
  allowed: z.boolean(),
  courses: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      chapters: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          videos: z.array(
            z.object({
              id: z.string(),
              title: z.string(),
              durationMs: z.number().int().nullable(),
              positionMs: z.number().int(),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type FamilyVideoCourses = z.infer<typeof familyVideoCoursesSchema>;
