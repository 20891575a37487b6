// Online assignment messages (modules/assignments), kept apart from messages.ts so each file stays
// short; messages.ts spreads them into the one catalogue. No spec wording exists; these are ours.

export const ASSIGNMENT_MESSAGES = {
  ASSIGNMENT_CLOSED: 'The due time has passed and this assignment no longer takes submissions.',
  ASSIGNMENT_ALREADY_MARKED: 'Your teacher has already marked this submission, so it cannot be changed.',
  ASSIGNMENT_SUBMISSION_EMPTY: 'Please write an answer or attach a file.',
  ASSIGNMENT_MARKS_TOO_HIGH: 'Marks cannot be more than the full marks ({fullMarks}).',
  ASSIGNMENT_NOT_SUBMITTED: 'This student has not submitted anything to mark yet.',
  ASSIGNMENT_NO_MARKS: 'No submission of this assignment has marks yet.',
} as const;
