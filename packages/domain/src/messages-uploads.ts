// Resumable uploads and classroom files (modules/uploads, modules/classroom-files), kept apart
// from messages.ts so each file stays short; messages.ts spreads them into the one catalogue.
// The spec promises storage per plan (part 1 §9) but gives no wording; these are ours.

export const UPLOAD_MESSAGES = {
  UPLOAD_TOO_LARGE: 'This file is too large: one file may be at most {max}.',
  STORAGE_QUOTA_FULL:
    'Not enough storage left for this file: {used} of your plan’s {limit} is used. Delete some files or upgrade your plan.',
  UPLOAD_LENGTH_REQUIRED: 'The size of the file must be given when the upload starts.',
  UPLOAD_PURPOSE_INVALID: 'This upload is not for anything we store.',
  UPLOAD_FILE_TYPE_REFUSED:
    'This file is not accepted: upload a PDF, a picture (JPEG, PNG or WebP), an Office file (Word, Excel or PowerPoint) or a video (MP4, WebM, MKV or MOV).',
  UPLOAD_VIDEO_TYPE_REFUSED: 'This file is not a video: upload an MP4, WebM, MKV or MOV file.',
  UPLOAD_NOT_FOUND:
    'This upload was not found, was already used or has expired. Please upload the file again.',
  FILE_FOLDER_NAME_REQUIRED: 'Please enter the folder name.',
  FILE_TITLE_REQUIRED: 'Please enter a title.',
  FILE_EMPTY: 'Please upload a file or write a note.',
  FILE_SHARE_STUDENTS_REQUIRED: 'Choose at least one student to share with.',
} as const;
