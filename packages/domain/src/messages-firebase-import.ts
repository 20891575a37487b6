// Firebase import messages (modules/firebase-import, the staff console's import), kept apart from
// messages.ts so each file stays short; messages.ts spreads them into the one catalogue.

export const FIREBASE_IMPORT_MESSAGES = {
  FIREBASE_IMPORT_RUNNING: 'An import is already running. Please wait for it to finish before starting another.',
  FIREBASE_EXPORT_TOO_LARGE: 'This file is larger than {{max}} MB. Please import it from the command line.',
} as const;
