import { z } from 'zod';
import { phoneField } from './fields';

/** One recipient's message: the item shape of an SMS send attempt's sendingArray. */
export const smsMessageSchema = z.object({
  text: z.string().min(1).describe('The text sent to this recipient'),
  phone: phoneField({ required: 'PHONE_INVALID_FORMAT' }).describe('Recipient phone, normalised to +880…'),
  totalSMSNeeded: z.number().int().positive().describe('SMS this text is charged as'),
});
export type SmsMessage = z.output<typeof smsMessageSchema>;

/** A bulk send: the built messages and where the quota comes from. */
export const smsSendRequestSchema = z.object({
  messages: z.array(smsMessageSchema).min(1).describe('One item per recipient'),
  template: z.string().default('').describe('The template the messages were built from, kept for the record'),
  useQuotaOfUid: z
    .string()
    .optional()
    .describe('Charge this shared SMS account instead of the sender (useQuotaOfThisUIDInstead)'),
});
export type SmsSendRequest = z.output<typeof smsSendRequestSchema>;
