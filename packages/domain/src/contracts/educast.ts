import { z } from 'zod';
import { timestampField } from './fields';
import { VIDEO_LIMITS, videoPlaySchema } from './video';

// EduCast (modules/educast): a teacher records a lesson in the browser (screen and/or camera with
// the microphone) to publish afterwards; there is no live mode. The recording arrives in numbered
// chunks while it is made, so a crashed tab loses only the chunk in hand and the recording can be
// finished with what arrived. Publishing trims it, makes it a lesson video of a private course
// chapter (the video capability transcodes it) and gives it a short join code; students of the
// course's classrooms whose VideoPermission is "Allowed" watch it by that code.
//
//   GET    /api/accounts/:accountId/educasts                         → educastListSchema
//   POST   /api/accounts/:accountId/educasts                         educastStartSchema → educastSchema (201)
//   PUT    /api/accounts/:accountId/educasts/:educastId/chunks/:seq  raw WebM bytes, ?atMs → educastChunkAnswerSchema
//            same seq again: the same answer (idempotent); a seq past the next: 409 EDUCAST_CHUNK_GAP
//   POST   /api/accounts/:accountId/educasts/:educastId/finish       educastFinishSchema → educastSchema
//   PUT    /api/accounts/:accountId/educasts/:educastId              educastEditSchema → educastSchema
//   POST   /api/accounts/:accountId/educasts/:educastId/publish      educastPublishSchema → educastSchema
//   DELETE /api/accounts/:accountId/educasts/:educastId              → ok
//   GET    /api/portal/students/:studentId/educasts                  → familyEducastsSchema
//   POST   /api/portal/students/:studentId/educasts/join             educastJoinSchema → educastWatchSchema
//            404 EDUCAST_CODE_UNKNOWN, 409 EDUCAST_NOT_PUBLISHED, 403 VIDEO_NOT_ALLOWED

export const EDUCAST_LIMITS = {
  /** A chunk is a few seconds of WebM; 32 MB leaves room for a 4K screen. */
  chunkBytes: 32 * 1024 * 1024,
  /** About 8 hours of 3-second chunks. */
  chunks: 10_000,
  maxDurationMs: 8 * 3_600_000,
  codeLength: 6,
} as const;

/** How often the recorder hands over a chunk: at most this much is lost when a tab crashes. */
export const EDUCAST_CHUNK_MS = 3000;

/**
 * recording: chunks are arriving (or the tab died: finish it); recorded: stopped, ready to trim
 * and publish; publishing: the job is trimming it into a lesson video; published: a lesson video
 * of a course with a join code; failed: the recording could not be read.
 */
export const EDUCAST_STATES = ['recording', 'recorded', 'publishing', 'published', 'failed'] as const;
export type EducastState = (typeof EDUCAST_STATES)[number];
export const EDUCAST_SOURCES = ['camera', 'screen', 'screen-camera'] as const;

/** Join codes avoid letters and digits that read alike (0/O, 1/I/L). */
export const EDUCAST_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const code = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,12}$/);

const title = z.string().trim().min(1).max(VIDEO_LIMITS.title);
const seconds = z
  .number()
  .int()
  .nonnegative()
  .max(EDUCAST_LIMITS.maxDurationMs / 1000);

export const educastSchema = z.object({
  id: z.string(),
  title: z.string(),
  source: z.enum(EDUCAST_SOURCES),
  state: z.enum(EDUCAST_STATES),
  /** The length recorded so far (what arrived), before trimming. */
  durationMs: z.number().int(),
  chunks: z.number().int(),
  sizeBytes: z.number().int(),
  trimStartS: z.number().int(),
  trimEndS: z.number().int(),
  /** Once published: the join code, the course and the lesson video's own processing status. */
  code: z.string().nullable(),
  courseId: z.string().nullable(),
  videoId: z.string().nullable(),
  videoStatus: z.enum(['queued', 'processing', 'ready', 'failed']).nullable(),
  errorCode: z.string().nullable(),
  createdAt: timestampField,
  updatedAt: timestampField,
});
export type Educast = z.infer<typeof educastSchema>;

export const educastListSchema = z.object({
  educasts: z.array(educastSchema),
  /** The account's private courses and their chapters, to publish into. */
  courses: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      chapters: z.array(z.object({ id: z.string(), title: z.string() })),
    }),
  ),
});
export type EducastList = z.infer<typeof educastListSchema>;

export const educastStartSchema = z.object({
  title: title.optional(),
  source: z.enum(EDUCAST_SOURCES),
});
export type EducastStart = z.infer<typeof educastStartSchema>;

export const educastChunkParams = z.object({
  accountId: z.string().min(1),
  educastId: z.string().min(1),
  seq: z.coerce.number().int().nonnegative().max(EDUCAST_LIMITS.chunks),
});

export const educastChunkQuery = z.object({
  /** The recording's elapsed time at the end of this chunk (pauses excluded). */
  atMs: z.coerce.number().int().nonnegative().max(EDUCAST_LIMITS.maxDurationMs),
});

export const educastChunkAnswerSchema = z.object({
  /** How many chunks have arrived in order: the next seq to send. */
  next: z.number().int(),
});

export const educastFinishSchema = z.object({});

export const educastEditSchema = z.object({ title, trimStartS: seconds, trimEndS: seconds }).strict();
export type EducastEdit = z.infer<typeof educastEditSchema>;

export const educastPublishSchema = z.object({
  courseId: z.string().min(1),
  chapterId: z.string().min(1),
});
export type EducastPublish = z.infer<typeof educastPublishSchema>;

export const educastJoinSchema = z.object({ code });

export const educastWatchSchema = z.object({
  title: z.string(),
  durationMs: z.number().int().nullable(),
  play: videoPlaySchema,
});
export type EducastWatch = z.infer<typeof educastWatchSchema>;

export const familyEducastsSchema = z.object({
  educasts: z.array(
    z.object({
      code: z.string(),
      title: z.string(),
      courseTitle: z.string(),
      durationMs: z.number().int().nullable(),
      publishedAt: timestampField,
    }),
  ),
});
export type FamilyEducasts = z.infer<typeof familyEducastsSchema>;
