// The staff console's and maintenance mode's messages, kept apart from messages.ts so each file
// stays short; messages.ts spreads them into the one catalogue. No spec wording exists; ours.

export const STAFF_CONSOLE_MESSAGES = {
  STAFF_REASON_REQUIRED: 'Please write the reason. It is kept in the activity log.',
  STAFF_SEARCH_SHORT: 'Please type at least 2 characters, or choose a label.',
  LABEL_NAME_REQUIRED: 'Please give the label a name.',
  LABEL_EXISTS: 'A label with this name already exists.',
  ACCOUNT_SUSPENDED:
    'This account is suspended: {reason}. You can still sign in, read and export your data. Please contact Batchwise support.',
  ACCOUNT_ALREADY_SUSPENDED: 'This account is already suspended.',
  ACCOUNT_NOT_SUSPENDED: 'This account is not suspended.',
  UNDER_MAINTENANCE: 'Batchwise is under maintenance: {message}. Please try again in a few minutes.',
  MAINTENANCE_MESSAGE_REQUIRED: 'Please write the message users will see.',
  // The Firebase import from the console (modules/firebase-import/firebase-import-console.service.ts).
  FIREBASE_IMPORT_RUNNING:
    'An import is already running. Please wait for it to finish before starting another.',
  FIREBASE_EXPORT_TOO_LARGE: 'This file is larger than {max} MB. Please import it from the command line.',
} as const;
