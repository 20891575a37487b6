import { z } from 'zod';
import { timestampField } from './fields';

// Files and notes per classroom (spec part 2 §3 `CloudStorage`; modules/classroom-files): staff
// keep a classroom's files in folders, each file uploaded through the resumable upload endpoint
// (modules/uploads, purpose `classroom-file`) or a note without a file, and share each with the
// whole classroom or with chosen students. Families see only what is shared with their child.
//
//   GET    /api/accounts/:accountId/classrooms/:classroomId/files   → classroomFilesSchema
//   POST   /api/accounts/:accountId/classrooms/:classroomId/folders fileFolderInputSchema → fileFolderSchema
//   DELETE /api/accounts/:accountId/file-folders/:folderId          → ok (its files with it)
//   POST   /api/accounts/:accountId/classrooms/:classroomId/files   classroomFileInputSchema → classroomFileSchema
//   PUT    /api/accounts/:accountId/classroom-files/:fileId         classroomFileUpdateSchema → classroomFileSchema
//   DELETE /api/accounts/:accountId/classroom-files/:fileId         → ok (the stored file too)
//   GET    /api/accounts/:accountId/classroom-files/:fileId/content ?download → the file
//   GET    /api/accounts/:accountId/storage-usage                   → storageUsageSchema
//   GET    /api/portal/students/:studentId/files                     → familyFilesSchema
//   GET    /api/portal/students/:studentId/files/:fileId/content     ?download → the file

export const CLASSROOM_FILE_LIMITS = { folderName: 80, title: 160, note: 4000, students: 500 } as const;

/** Who sees a file besides staff: nobody yet, the whole classroom, or chosen students of it. */
export const FILE_SHARES = ['private', 'classroom', 'students'] as const;
export type FileShare = (typeof FILE_SHARES)[number];

export const fileFolderInputSchema = z.object({
  name: z.string().trim().max(CLASSROOM_FILE_LIMITS.folderName),
});

export const fileFolderSchema = z.object({ id: z.string(), name: z.string(), createdAt: timestampField });
export type FileFolder = z.output<typeof fileFolderSchema>;

const sharing = {
  folderId: z.string().min(1).nullable().describe('The folder, or null for the top of the classroom'),
  title: z.string().trim().max(CLASSROOM_FILE_LIMITS.title),
  note: z.string().trim().max(CLASSROOM_FILE_LIMITS.note).default(''),
  share: z.enum(FILE_SHARES),
  studentIds: z.array(z.string().min(1)).max(CLASSROOM_FILE_LIMITS.students).default([]),
};

export const classroomFileInputSchema = z.object({
  ...sharing,
  uploadId: z
    .string()
    .min(1)
    .nullable()
    .describe('A finished upload of purpose classroom-file (claimed once), or null for a note'),
});
export const classroomFileUpdateSchema = z.object(sharing);
export type ClassroomFileInput = z.output<typeof classroomFileInputSchema>;
export type ClassroomFileUpdate = z.output<typeof classroomFileUpdateSchema>;

const fileFields = {
  id: z.string(),
  title: z.string(),
  note: z.string(),
  fileName: z.string().nullable().describe('null for a note without a file'),
  contentType: z.string().nullable(),
  sizeBytes: z.number().int(),
  createdAt: timestampField,
};

export const classroomFileSchema = z.object({
  ...fileFields,
  folderId: z.string().nullable(),
  share: z.enum(FILE_SHARES),
  studentIds: z.array(z.string()),
  createdByName: z.string().nullable(),
});
export type ClassroomFile = z.output<typeof classroomFileSchema>;

export const classroomFilesSchema = z.object({
  folders: z.array(fileFolderSchema),
  files: z.array(classroomFileSchema),
});
export type ClassroomFiles = z.output<typeof classroomFilesSchema>;

const usageSchema = z.object({
  usedBytes: z.number().int(),
  limitBytes: z.number().nullable().describe('null: unlimited'),
});
export const storageUsageSchema = z.object({ files: usageSchema, video: usageSchema });
export type StorageUsage = z.output<typeof storageUsageSchema>;

export const fileContentQuerySchema = z.object({
  download: z.enum(['1']).optional().describe('1: save as a file instead of opening it'),
});

export const familyFileSchema = z.object({
  ...fileFields,
  classroomName: z.string(),
  folderName: z.string().nullable(),
});
export type FamilyFile = z.output<typeof familyFileSchema>;
export const familyFilesSchema = z.object({ items: z.array(familyFileSchema) });
export type FamilyFiles = z.output<typeof familyFilesSchema>;
