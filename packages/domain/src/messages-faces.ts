// Messages of face registration and recognition, kept apart from messages.ts so each file stays
// short; messages.ts spreads them into the one catalogue. No spec wording exists; these are ours.

export const FACE_MESSAGES = {
  FACE_LINK_INVALID: 'This face registration link has expired. Please ask your teacher for a new one.',
  FACE_PRINT_SAVED: 'Your face is registered.',
  FACE_PRINT_DELETED: 'The face registration has been deleted.',
  FACE_KEY_MISSING: 'Face data cannot be stored on this server yet: its encryption key is not set.',
} as const;
