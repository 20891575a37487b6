import { z } from 'zod';
import { DUES_REMINDER_LANGUAGES } from '../fees/dues-reminder';
import { billingMonthField } from './fees';
import { timestampField } from './fields';
import { studentMessageSampleSchema, writtenSendPreviewSchema } from './sms';

// HTTP contracts of dues reminders by SMS: a send to the defaulters of the dues
// list (or the rows picked from it), and the account's automatic monthly reminder.

/** Most students one reminder send covers (a 2,000-student account's defaulters fit). */
export const DUES_REMINDER_MAX_STUDENTS = 5_000;

export const duesReminderRecipientsSchema = z.object({
  student: z.boolean().default(false).describe("The student's own phone"),
  parent1: z.boolean().default(true),
  parent2: z.boolean().default(true),
});

/** Who gets a dues SMS and what it says: the dues list's filter, or the rows picked from it. */
export const duesReminderSendSchema = z.object({
  template: z
    .string()
    .max(2000)
    .describe('Placeholders: {Name} {ID} {Amount} {Due} {Months} {Month Count} {Institution}'),
  language: z.enum(DUES_REMINDER_LANGUAGES).default('en').describe('How amounts and months are written'),
  classroomId: z.string().min(1).optional().describe('Students of this classroom (the list filter)'),
  q: z.string().trim().max(100).optional().describe('The list search: part of the name, phone or ID'),
  studentIds: z
    .array(z.string().min(1))
    .max(DUES_REMINDER_MAX_STUDENTS)
    .optional()
    .describe('Only these students (rows picked in the list); every filtered defaulter when absent'),
  to: duesReminderRecipientsSchema.default({ student: false, parent1: true, parent2: true }),
});
export type DuesReminderSendInput = z.input<typeof duesReminderSendSchema>;
export type DuesReminderSend = z.output<typeof duesReminderSendSchema>;

/** The confirmation of a dues send: how many students and messages, what it costs, samples. */
export const duesReminderPreviewSchema = writtenSendPreviewSchema.extend({
  students: z.number().int().describe('Students who owe and get a message'),
  recipients: z.number().int().describe('Messages: one per phone of each student'),
  parts: z.number().int().describe('SMS of the whole send (100 characters each): the debit'),
  sumDuePaisa: z.number().int().describe('What those students owe together'),
  noPhone: z.number().int().describe('Students who owe but have no valid phone of those chosen'),
  sample: studentMessageSampleSchema.describe('The first messages, as they will go out'),
});
export type DuesReminderPreview = z.output<typeof duesReminderPreviewSchema>;

/** The automatic monthly reminder of an account (beyond the spec). */
export const duesReminderSettingsInputSchema = z.object({
  enabled: z.boolean(),
  dayOfMonth: z.number().int().min(1).max(28).describe('Sent on this day of each month (Bangladesh time)'),
  template: z.string().trim().min(1).max(2000),
  language: z.enum(DUES_REMINDER_LANGUAGES),
  to: duesReminderRecipientsSchema,
});
export type DuesReminderSettingsInput = z.input<typeof duesReminderSettingsInputSchema>;

export const duesReminderRunSchema = z.object({
  month: billingMonthField,
  at: timestampField,
  outcome: z.enum(['sent', 'nobody-due', 'no-quota']),
  recipients: z.number().int(),
  sendId: z.string().nullable().describe('The SMS send in the history, when one was made'),
});

export const duesReminderSettingsSchema = duesReminderSettingsInputSchema.extend({
  lastRun: duesReminderRunSchema.nullable().describe("This account's latest automatic reminder"),
});
export type DuesReminderSettings = z.output<typeof duesReminderSettingsSchema>;
