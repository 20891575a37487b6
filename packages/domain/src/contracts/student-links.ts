import { z } from 'zod';
import { VERIFICATION_REASONS } from '../students/verification';
import { classroomTimingSchema } from './classroom';
import { timestampField } from './fields';
import { STUDENT_SEARCH_MAX } from './student';

// Links and codes (part 1 §2.3 /s-auto-login, /take-picture, /qr-code-student,
// /all-student-access-codes, /r; §3 LivePhotoKeys, Student-Auto-Login, ManageAuth), Student Data
// Verification (§2.4) and what students and parents read about their classes (§4).

/** Ask for a link; with sendSms the link (shortened) goes to the person by SMS too. */
export const linkRequestSchema = z.object({
  sendSms: z.boolean().default(false).describe('Also send the short link by SMS'),
});

/** A freshly made link. Its key is shown only now: the server keeps a hash. */
export const issuedLinkSchema = z.object({
  url: z.string().describe('Full link, e.g. https://app/s-auto-login?key=…'),
  shortUrl: z.string().describe('The same through /r/{code}, for SMS'),
  expiresAt: timestampField,
  smsQueued: z.boolean(),
});
export type IssuedLink = z.output<typeof issuedLinkSchema>;

/** `POST /api/auth/auto-login`: the key from /s-auto-login?key=… (or a teacher's link). */
export const autoLoginSchema = z.object({
  key: z.string().trim().min(20).max(200).describe('The key from the link'),
});

/** A sign-in link of an account, as its managers list them (never with the key). */
export const authLinkSchema = z.object({
  id: z.string(),
  kind: z.enum(['student', 'teacher']),
  name: z.string().describe('Who the link signs in'),
  studentId: z.string().nullable(),
  createdAt: timestampField,
  validTill: timestampField,
  lastUsedAt: timestampField.nullable(),
});
export const authLinkListSchema = z.object({ links: z.array(authLinkSchema) });

/** `GET /api/live-photo/:key`: what the photo page shows before the camera opens. */
export const livePhotoInfoSchema = z.object({
  name: z.string(),
  customId: z.string().nullable(),
  institution: z.string(),
  expiresAt: timestampField,
});
export type LivePhotoInfo = z.output<typeof livePhotoInfoSchema>;

/** One student's access code: the QR payload the scanners read, and the RFID card. */
export const accessCodeSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  customId: z.string().nullable(),
  rfid: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  classrooms: z.array(z.string()).describe('Names of the classrooms the caller may see'),
  qrPayload: z.string().describe('Text to encode in the QR code; identifies, never signs in'),
});
export type AccessCode = z.output<typeof accessCodeSchema>;

export const accessCodeQuerySchema = z.object({
  classroomId: z.string().min(1).optional(),
  q: z.string().trim().max(STUDENT_SEARCH_MAX).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export const accessCodePageSchema = z.object({
  items: z.array(accessCodeSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** Shorten a link of this app for an SMS (api-shorten-url). */
export const shortLinkRequestSchema = z.object({
  url: z.string().trim().min(1).max(2000).describe('A path of this app (/…) or a full URL on its own origin'),
});
export const shortLinkSchema = z.object({ code: z.string(), shortUrl: z.string() });

/** A student flagged by Student Data Verification. */
export const verificationEntrySchema = z.object({
  studentId: z.string(),
  accountId: z.string(),
  teacherName: z.string(),
  name: z.string(),
  customId: z.string().nullable(),
  phone: z.string(),
  avatarUrl: z.string().nullable(),
  reasons: z.array(z.enum(VERIFICATION_REASONS)),
});
export type VerificationEntry = z.output<typeof verificationEntrySchema>;
export const verificationListSchema = z.object({
  students: z.array(verificationEntrySchema).describe('Ordered by name; empty when nothing needs verifying'),
});

const myClassSchema = z.object({
  classroomId: z.string(),
  name: z.string(),
  grade: z.string(),
  subject: z.string(),
  color: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  type: z.string(),
  teacherName: z.string(),
  institution: z.string(),
  startDate: z.string().nullable(),
  timings: z.array(classroomTimingSchema),
  tuitionFeePaisa: z.number().describe('What this student pays per month there'),
  acceptedAt: timestampField.nullable(),
});

/** `GET /api/me/classes`: a student's own records, or a parent's children, with their classes. */
export const myClassesSchema = z.object({
  students: z.array(
    z.object({
      studentId: z.string(),
      accountId: z.string(),
      name: z.string(),
      customId: z.string().nullable(),
      avatarUrl: z.string().nullable(),
      institution: z.string(),
      classes: z.array(myClassSchema).describe('Accepted, open, never Others / Management Internal / Hidden'),
    }),
  ),
});
export type MyClasses = z.output<typeof myClassesSchema>;
