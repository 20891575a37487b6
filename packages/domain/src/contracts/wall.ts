import { z } from 'zod';
import { timestampField } from './fields';

// The classroom wall (DESIGN.md §1 "Schedule and online classes": modules/wall): a teacher's
// announcements to one or more classrooms, pinned or not, with files; students of those
// classrooms comment unless the teacher turned comments off; parents read. An announcement
// may also go out once as SMS through the SMS capability's compose rules and quota.
//
//   GET    /api/accounts/:accountId/classrooms/:classroomId/wall   ?page → wallPageSchema
//   POST   /api/accounts/:accountId/wall                            wallPostInputSchema → wallPostSchema
//   PATCH  /api/accounts/:accountId/wall/:postId                    wallPostUpdateSchema → wallPostSchema
//   DELETE /api/accounts/:accountId/wall/:postId                    → ok
//   DELETE /api/accounts/:accountId/wall/:postId/comments/:commentId → ok (staff remove any)
//   POST   /api/accounts/:accountId/wall/attachments                multipart "file" → wallAttachmentSchema
//   POST   /api/accounts/:accountId/wall/:postId/sms/preview        wallSmsSchema → smsPreviewSchema
//   POST   /api/accounts/:accountId/wall/:postId/sms                wallSmsSchema → smsQueuedSchema
//            409 WALL_SMS_ALREADY_SENT the second time: an announcement is charged once.
//   GET    /api/portal/students/:studentId/wall                     ?page → wallPageSchema
//   POST   /api/portal/students/:studentId/wall/:postId/comments    wallCommentInputSchema → wallCommentSchema
//            (students only; 403 WALL_COMMENTS_OFF when the teacher turned comments off)
//   DELETE /api/portal/students/:studentId/wall/:postId/comments/:commentId → ok (own comment)

export const WALL_LIMITS = {
  text: 4000,
  comment: 1000,
  attachments: 5,
  classrooms: 50,
  /** Announcements per page of a wall. */
  pageSize: 10,
} as const;

export const WALL_ATTACHMENT_TYPES = ['pdf', 'png', 'jpg'] as const;

/** A stored file of an announcement: the media path of the upload (`/media/attachments/…`). */
export const wallAttachmentSchema = z.object({
  url: z
    .string()
    .regex(/^\/media\/attachments\/[0-9A-Z]{26}\.(pdf|png|jpg)$/)
    .describe('The address the upload answered'),
  name: z.string().trim().min(1).max(120),
  type: z.enum(WALL_ATTACHMENT_TYPES),
});
export type WallAttachment = z.output<typeof wallAttachmentSchema>;

export const wallCommentSchema = z.object({
  id: z.string(),
  text: z.string(),
  authorName: z.string().describe("The student's name"),
  at: timestampField,
  mine: z.boolean().describe("The caller's own comment (a student may remove it)"),
});
export type WallComment = z.output<typeof wallCommentSchema>;

export const wallPostSchema = z.object({
  id: z.string(),
  text: z.string(),
  pinned: z.boolean(),
  commentsOn: z.boolean(),
  attachments: z.array(wallAttachmentSchema),
  classrooms: z.array(z.object({ id: z.string(), name: z.string() })),
  authorName: z.string(),
  createdAt: timestampField,
  smsSentAt: timestampField.nullable().describe('When it went out as SMS; null when it has not'),
  comments: z.array(wallCommentSchema).describe('Oldest first'),
  canComment: z.boolean().describe('The caller may comment now (a student of its classroom, comments on)'),
});
export type WallPost = z.output<typeof wallPostSchema>;

export const wallPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** Pinned announcements first, then newest first. */
export const wallPageSchema = z.object({
  items: z.array(wallPostSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type WallPage = z.output<typeof wallPageSchema>;

export const wallPostInputSchema = z.object({
  text: z.string().max(WALL_LIMITS.text),
  classroomIds: z.array(z.string().min(1).max(40)).min(1).max(WALL_LIMITS.classrooms),
  pinned: z.boolean().default(false),
  commentsOn: z.boolean().default(true),
  attachments: z.array(wallAttachmentSchema).max(WALL_LIMITS.attachments).default([]),
});
export type WallPostInput = z.output<typeof wallPostInputSchema>;

export const wallPostUpdateSchema = z.object({
  pinned: z.boolean().optional(),
  commentsOn: z.boolean().optional(),
});
export type WallPostUpdate = z.output<typeof wallPostUpdateSchema>;

export const wallCommentInputSchema = z.object({ text: z.string().max(WALL_LIMITS.comment) });

/** Who of each student of the announcement's classrooms receives the SMS. */
export const wallSmsSchema = z.object({
  to: z
    .object({
      student: z.boolean().default(true),
      parent1: z.boolean().default(false),
      parent2: z.boolean().default(false),
    })
    .default({ student: true, parent1: false, parent2: false }),
});
export type WallSms = z.output<typeof wallSmsSchema>;
