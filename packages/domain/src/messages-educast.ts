// EduCast messages (modules/educast), kept apart from messages.ts so each file stays short;
// messages.ts spreads them into the one catalogue. No spec wording exists; these are ours.

export const EDUCAST_MESSAGES = {
  EDUCAST_NOT_RECORDING: 'This recording has already been stopped. Please start a new one.',
  EDUCAST_CHUNK_GAP: 'Part of the recording is missing. The recorder will send it again.',
  EDUCAST_EMPTY: 'Nothing of this recording reached the server. Please record again.',
  EDUCAST_NOT_EDITABLE: 'This recording is still being recorded or has already been published.',
  EDUCAST_TRIM_TOO_LONG: 'The trim removes the whole recording. Please trim less.',
  EDUCAST_CHAPTER_UNKNOWN: 'That course chapter was not found. Please reload and pick it again.',
  EDUCAST_CODE_UNKNOWN: 'No EduCast has this code. Please check the code with your teacher.',
  EDUCAST_NOT_PUBLISHED: 'This EduCast is still being prepared. Please try again in a few minutes.',
} as const;
