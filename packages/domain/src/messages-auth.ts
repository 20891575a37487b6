// Sign-up, sign-in and access messages (modules/auth, profile and the access checks), kept apart
// from messages.ts so each file stays short; messages.ts spreads them into the one catalogue. The
// spec leaves these open (except the login confirmation message); the wording is ours, following
// OWASP advice not to reveal which accounts exist.

export const AUTH_MESSAGES = {
  UNAUTHENTICATED: 'Please sign in to continue.',
  FORBIDDEN: 'You do not have permission to do this.',
  ACCOUNT_SUSPICIOUS:
    'Reading, writing and live updates are blocked for this account due to suspicious traffic. Please contact support.',
  CSRF_REFUSED:
    'This request was refused because it did not come from the Batchwise app. Please reload the page.',
  UNDEFINED_ADDRESS: 'One of the addresses is undefined.',
  NAME_REQUIRED: 'Please enter your name.',
  EMAIL_REQUIRED: 'Please enter your email.',
  EMAIL_INVALID: 'Please enter a valid email address.',
  PHONE_REQUIRED: 'Please enter your phone number.',
  INSTITUTION_REQUIRED: 'Please enter your institution name.',
  PASSWORD_REQUIRED: 'Please enter your password.',
  PASSWORD_TOO_SHORT: 'Your password must be at least {min} characters long.',
  PASSWORD_TOO_LONG: 'Your password must be at most {max} characters long.',
  PASSWORD_TOO_COMMON: 'This password is too common and easy to guess. Please choose another.',
  SIGN_UP_REFUSED:
    'We could not create an account with these details. If you already have an account, sign in or reset your password.',
  SIGN_UP_TOO_MANY: 'Too many sign-up attempts. Please wait a while and try again.',
  SIGN_UP_CHECK_EMAIL:
    'Check your e-mail: we have sent a message to this address. Open the link in it within 24 hours to finish signing up.',
  SIGN_UP_LINK_INVALID: 'This sign-up link is invalid, already used or has expired. Please sign up again.',
  PHONE_TAKEN: 'An account with this phone number already exists.',
  SIGN_IN_FAILED: 'The email or password is incorrect.',
  SIGN_IN_TOO_MANY: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  CODE_SENT: 'If this number is registered with Batchwise, we have sent a 6-digit code to it.',
  CODE_TOO_MANY_REQUESTS: 'Too many codes were requested. Please wait a while before asking for another.',
  CODE_RECENTLY_SENT:
    'If this number is registered with Batchwise, a code was sent to it a moment ago. Please enter the newest code you received, or ask for another in a few minutes.',
  CODE_REQUIRED: 'Please enter the 6-digit code.',
  CODE_INVALID: 'The code is incorrect. Please check it and try again.',
  CODE_EXPIRED: 'This code has expired. Please request a new one.',
  CODE_USED: 'This code has already been used. Please request a new one.',
  CODE_TOO_MANY_ATTEMPTS: 'Too many wrong codes. Please request a new one.',
  LOGIN_CONFIRMATION_EMPTY: 'Failed to get proper login confirmation auth',
  RESET_LINK_SENT: 'If an account exists for this email, we have sent it a link to reset the password.',
  RESET_LINK_INVALID: 'This password reset link is invalid or has expired. Please request a new one.',
  RESET_TOO_MANY: 'Too many reset requests. Please wait a while and try again.',
  PASSWORD_CHECK_BUSY: 'Many people are signing in right now. Please try again in a few seconds.',
  PASSWORD_CHANGE_TOO_MANY: 'Too many wrong passwords. Please wait a while and try again.',
  PASSWORD_CHANGED: 'Your password has been changed. Please sign in with the new password.',
} as const;
