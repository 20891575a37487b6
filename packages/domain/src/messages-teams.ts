// Profiles, teams (invitations, admins' teachers, assistants) and the staff's impersonation,
// kept apart from messages.ts so each file stays short; messages.ts spreads them into the one
// catalogue. No spec wording exists; ours.

export const TEAM_MESSAGES = {
  PICTURE_TOO_LARGE: 'The picture is larger than {max} MB. Please choose a smaller one.',
  INVITATION_NOT_FOUND: 'This invitation is no longer open.',
  INVITATION_ACCEPTED: 'Invitation accepted.',
  TEACHER_HAS_ADMIN: 'This teacher is already managed by an admin.',
  NOT_A_TEACHER: 'No teacher account uses this email.',
  ASSISTANT_ALREADY: 'This person already assists this account.',
  PASSWORD_WRONG: 'The current password is incorrect.',
  IMPERSONATION_TARGET_MISSING: 'No user with this email or id.',
  TEACHER_CREATE_REFUSED:
    'We could not create an account with these details. If this teacher already has an account, invite them by e-mail instead.',
  INVITATIONS_TOO_MANY:
    'Too many invitations have been sent from this account. Please wait a while and try again.',
  INVITATION_SMS_TOO_MANY:
    'You have sent the 10 invitation SMS allowed for today. Please invite by e-mail, or try again tomorrow.',
  INVITATION_PHONE_TOO_MANY:
    'This number has already been sent several invitations today. Please try again tomorrow.',
  INVITEE_WRONG_ROLE: 'This account cannot become an assistant: it already has another role.',
} as const;
