import { toBanglaDigits } from '../fees/dues-reminder';
import { formatMoney } from '../money/format';

// Activity-log entries as an event key with parameters (the dashboard's feed), so each reader sees
// them in their own language: the web translates `activity:<key>` with the parameters, and the
// English templates here are also the entry's stored plain text (exports, older readers). The
// migration that introduced keys read older entries back into key and parameters with
// `parseActivity`: that is why every template's English is exactly what was written before.

export const ACTIVITY_MESSAGES = {
  // Attendance devices and kiosks: first, as a device's name may hold any words ("Removed …").
  deviceAdded: 'Added ZKTeco device {{device}} ({{serial}}); {{count}} students queued for it',
  kioskIssued: 'Issued kiosk key for {{device}}',
  deviceRenamed: 'Renamed device {{device}} to {{name}}',
  deviceRemoved: 'Removed ZKTeco device {{device}} ({{serial}})',
  deviceRemovedNoSerial: 'Removed ZKTeco device {{device}}',
  kioskRemoved: 'Removed kiosk {{device}}',
  studentsQueued: 'Queued {{count}} students for {{device}} ({{serial}})',
  removedDeviceCalled: 'Removed device {{device}} ({{serial}}) tried to connect from {{ip}}',
  // The gate's other users (staff, guards, visitors).
  otherUserAdded: 'Added {{name}} to the gate list',
  otherUserEdited: 'Edited {{name}} on the gate list',
  otherUserRemoved: 'Removed {{name}} from the gate list',
  paymentRefunded:
    'Receipt {{receipt}}: refunded {{amount}} of receipt {{original}} to {{student}}: {{reason}}',
  onlinePaymentReceived:
    'Receipt {{receipt}}: {{amount}} from {{student}} online ({{gateway}} {{transaction}})',
  paymentCollected: 'Receipt {{receipt}}: {{amount}} from {{student}} ({{method}})',
  paymentVoided: 'Voided receipt {{receipt}} of {{student}}: {{reason}}',
  receiptTexted: 'Receipt no. {{receipt}} texted for {{student}}',
  payLinkMade: 'New pay link for {{student}}',
  payLinkStopped: 'Pay link of {{student}} stopped',
  classroomCreated: 'Created classroom {{classroom}}',
  classroomEdited: 'Edited classroom {{classroom}}',
  classroomClosed: 'Closed classroom {{classroom}}',
  classroomReopened: 'Reopened classroom {{classroom}}',
  admissionAccepted: 'Accepted the application of {{student}} into {{classrooms}}',
  admissionRejected: 'Rejected the application of {{student}}',
  studentsArchived: 'Archived {{students}} from {{classrooms}}',
  studentsRemoved: 'Removed {{students}} from {{classrooms}}',
  studentsUnarchived: 'Unarchived into {{classrooms}}',
  studentsImported: 'Onboarded {{count}} students from {{file}}',
  studentAdded: 'Added student {{student}}',
  studentUpdatedInto: 'Updated {{student}}; included in {{classrooms}}',
  studentUpdated: 'Updated {{student}}',
  photoChanged: 'Photo of {{student}} changed',
  signInLinkMade: 'Sign-in link made for {{name}}',
  marksImported: '{{count}} marks of {{assessment}} from {{file}}',
  teacherCreated: 'Created teacher {{name}}',
  assistantJoined: '{{name}} joined as assistant',
  teacherJoined: '{{name}} joined as teacher',
  // Platform staff acting on an account (the staff console), each with the reason they gave.
  accountSuspended: 'Batchwise staff suspended the account: {{reason}}',
  accountRestored: 'Batchwise staff restored the account: {{reason}}',
  staffPlanGranted: 'Batchwise staff set the plan to {{plan}}: {{reason}}',
  staffPlanExtended: 'Batchwise staff extended the plan by {{count}} days: {{reason}}',
  staffPlanDiscount: 'Batchwise staff set a discount of {{count}}%: {{reason}}',
  staffSmsAdded: 'Batchwise staff added {{count}} SMS: {{reason}}',
  senderNameApproved: 'Batchwise staff approved the sender name {{name}}',
  senderNameRejected: 'Batchwise staff rejected the sender name {{name}}: {{reason}}',
  accountLabelled: 'Label {{label}} put on {{institution}}',
  accountUnlabelled: 'Label {{label}} taken off {{institution}}',
  maintenanceOn: 'Maintenance mode on: {{message}}',
  maintenanceOff: 'Maintenance mode off',
  // Our staff working on an account.
  staffSignedInAsBecause: '{{staff}} signed in as {{name}}: {{reason}}',
  staffSignedInAs: '{{staff}} signed in as {{name}}',
  staffStoppedSigningInAs: '{{staff}} stopped signing in as {{name}}',
  staffSetFlags: '{{staff}} set {{flags}} on {{name}}',
  // Report-card links.
  reportLinksMade: '{{count}} report card link(s) made for {{classroom}}, {{term}}',
  reportLinksRevoked: '{{count}} report card link(s) revoked, {{term}}',
  classTableLinkMade: 'Class table link made for {{classroom}}, {{term}}',
  // Fees and online payment.
  feeAdjusted: '{{kind}} for {{student}}, {{classroom}} {{month}}: {{reason}}',
  merchantSettingsChanged: 'Changed {{changes}}',
  onlinePaymentRecorded: 'Recorded online payment {{transaction}}',
  onlinePaymentTurnedDown: 'Turned down online payment {{transaction}}',
  onlinePaymentAlert: 'Online payment {{transaction}}: {{problem}}',
  // Invitations, access and settings.
  invitedAssistant: 'Invited {{contact}} as an assistant',
  invitedTeacher: 'Invited {{contact}} as a teacher',
  assistantAccessRemoved: 'Assistant access removed',
  assistantAccessSet: 'Set assistant access to {{classroom}}',
  assistantAccessBlocked: 'Blocked assistant access to {{classroom}}',
  institutionChanged: 'Institution settings changed: {{institution}}',
  studentFieldsSet: 'Custom student fields: {{fields}}',
} as const;

export type ActivityMessageKey = keyof typeof ACTIVITY_MESSAGES;
export type ActivityParams = Readonly<Record<string, string | number>>;

export interface ActivityMessage {
  readonly key: ActivityMessageKey;
  readonly params: ActivityParams;
}

/** Parameters that are counts or receipt numbers: shown in the reader's digits. */
const NUMBER_PARAMS = new Set(['receipt', 'original', 'count']);
/** Parameters that are amounts in taka: shown as money (৳1,500) in the reader's digits. */
const MONEY_PARAMS = new Set(['amount']);
/**
 * Parameters that are one word of the system's (a payment method, a gateway and its id, a kind of
 * fee adjustment, a device serial, an address, staff flags, a billing month YYYY-MM).
 */
const TOKEN_PARAMS = new Set(['method', 'gateway', 'transaction', 'kind', 'serial', 'ip', 'flags', 'month']);
/** Parameters whose digits are the reader's to write (a billing month 2026-11). */
const DIGIT_PARAMS = new Set(['month']);

export const isActivityMessageKey = (key: string): key is ActivityMessageKey =>
  Object.hasOwn(ACTIVITY_MESSAGES, key);

/**
 * The parameters as text for one language: amounts as money and numbers in that language's
 * digits. Names, reasons and file names stay exactly as typed.
 */
export function activityParamsText(params: ActivityParams, language: 'en' | 'bn'): Record<string, string> {
  const digits = (text: string) => (language === 'bn' ? toBanglaDigits(text) : text);
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      if (MONEY_PARAMS.has(name) && typeof value === 'number') return [name, digits(formatMoney(value))];
      if (NUMBER_PARAMS.has(name) && typeof value === 'number') return [name, digits(String(value))];
      if (DIGIT_PARAMS.has(name)) return [name, digits(String(value))];
      return [name, String(value)];
    }),
  );
}

/** A template with its parameters filled in (i18next's `{{name}}` syntax). */
export function fillActivityTemplate(template: string, text: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => text[name] ?? whole);
}

/** The English text of a message: what the entry stores as its plain summary. */
export function activityText(message: ActivityMessage): string {
  return fillActivityTemplate(ACTIVITY_MESSAGES[message.key], activityParamsText(message.params, 'en'));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PATTERNS = (Object.keys(ACTIVITY_MESSAGES) as ActivityMessageKey[]).map((key) => {
  const names: string[] = [];
  const source = escapeRegExp(ACTIVITY_MESSAGES[key]).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, name: string) => {
    names.push(name);
    if (MONEY_PARAMS.has(name)) return '(৳[0-9,]+(?:\\.[0-9]+)?)';
    if (NUMBER_PARAMS.has(name)) return '([0-9]+)';
    if (TOKEN_PARAMS.has(name)) return '(\\S+)';
    return '(.+?)';
  });
  return { key, names, pattern: new RegExp(`^${source}$`, 's') };
});

/**
 * The message an English summary was written from, or null for a text of no known form. The
 * first template that matches wins (ACTIVITY_MESSAGES lists the more specific forms first).
 */
export function parseActivity(summary: string): ActivityMessage | null {
  for (const { key, names, pattern } of PATTERNS) {
    const match = pattern.exec(summary);
    if (!match) continue;
    const params: Record<string, string | number> = {};
    names.forEach((name, i) => {
      const value = match[i + 1]!;
      if (MONEY_PARAMS.has(name)) params[name] = Number(value.replace(/[৳,]/g, ''));
      else if (NUMBER_PARAMS.has(name)) params[name] = Number(value);
      else params[name] = value;
    });
    return { key, params };
  }
  return null;
}
