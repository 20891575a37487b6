// Messages of the account's other users (staff, guards and visitors at the gate), kept apart from
// messages.ts so each file stays short; messages.ts spreads them into the one catalogue. No spec
// wording exists; these are ours.

export const OTHER_USER_MESSAGES = {
  OTHER_USER_NAME_REQUIRED: 'Please enter the name.',
  OTHER_USER_VALIDITY_ORDER: 'The last valid day cannot be before the first.',
  OTHER_USERS_TOO_MANY: 'An account can have at most {limit} other users.',
} as const;
