// Account export messages (modules/account-export), kept apart from messages.ts so each file stays
// short; messages.ts spreads them into the one catalogue. No spec wording exists; these are ours.

export const ACCOUNT_EXPORT_MESSAGES = {
  ACCOUNT_EXPORT_RUNNING:
    'An export of this account is already being prepared. Please wait for it to finish.',
  ACCOUNT_EXPORT_NOT_READY: 'This export is not ready yet.',
  ACCOUNT_EXPORT_EXPIRED: 'This download link has expired. Please export the account again.',
} as const;
