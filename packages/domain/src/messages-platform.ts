// The platform's own messages (plans, tools, billing, the Recycle bin, sender names and SMS
// sharing), kept apart from messages.ts so each file stays short; messages.ts spreads them into
// the one catalogue, so codes and their lookup are unchanged.

export const PLATFORM_MESSAGES = {
  // Plans and tools (part 1 §6, §9; part 2 §4). No spec wording exists; these are ours.
  PLAN_LIMIT_MODERATORS: 'Your plan allows {limit} assistants (moderators). Upgrade your plan to add more.',
  TOOL_NOT_AVAILABLE:
    'This tool is not installed on your account, or its time has run out. Open Tools to install it.',
  TOOL_TRIAL_USED:
    'The free trial of this tool has already been used on this account. Upgrade your plan to keep using it.',

  // The Recycle bin (plan feature data-recovery). No spec wording exists; these are ours.
  RECYCLE_RESTORED: '{label} has been restored.',
  RECYCLE_ENTRY_EXPIRED: 'This item was deleted too long ago and can no longer be restored.',
  RECYCLE_CLASSROOM_MISSING: 'This cannot be restored because its classroom {classroom} no longer exists.',
  STUDENT_DELETED: '{name} has been deleted.',
  STUDENT_DELETE_NOT_ARCHIVED: 'Only an archived student can be deleted. Archive the student first.',
  RECYCLE_ALREADY_EXISTS:
    'This cannot be restored because an item with the same identity exists again. Nothing was changed.',

  // SMS masking names and quota sharing (research/integrations.md §3.6; part 1 §3 SMS-Shared-From)
  SENDER_NAME_LENGTH: 'A sender name has 3 to 11 characters.',
  SENDER_NAME_CHARACTERS:
    'A sender name uses English letters, digits, spaces, dots and hyphens, with at least one letter.',
  SENDER_NAME_RESERVED:
    "This sender name belongs to the government, the regulator or a mobile operator. Please use your institution's own name.",
  SENDER_NAME_NOT_PENDING: 'This sender name request has already been decided.',
  SMS_SHARE_NOT_MEMBER: 'You can share your SMS quota only with your own teachers and assistants.',

  // Paying the platform for a plan or an SMS pack. No spec wording exists; these are ours.
  BILLING_PLAN_NOT_FOR_SALE: 'This plan cannot be bought online. Please contact us for a quote.',
  BILLING_PERIOD_INVALID: 'Please choose one of the periods offered.',
  BILLING_PACK_INVALID: 'Please choose one of the SMS packs offered.',

  // The landing page's content (staff, `/config-landing-page`). No spec wording exists; this is ours.
  LANDING_NEWS_MISSING: 'A featured news item is not published. Choose a published item or take it off.',
} as const;
