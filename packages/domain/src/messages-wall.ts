// Classroom wall messages (modules/wall), kept apart from messages.ts so each file stays short;
// messages.ts spreads them into the one catalogue. No spec wording exists; these are ours.

export const WALL_MESSAGES = {
  WALL_TEXT_EMPTY: 'Please write the announcement.',
  WALL_COMMENT_EMPTY: 'Please write your comment.',
  WALL_COMMENTS_OFF: 'The teacher has turned comments off for this announcement.',
  WALL_SMS_ALREADY_SENT: 'This announcement has already been sent as SMS.',
  WALL_ATTACHMENT_UNKNOWN: 'This file was not uploaded here. Please upload it again.',
} as const;
