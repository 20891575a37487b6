import { z } from 'zod';
import { domainError } from '../messages';
import { addDomainIssue, requiredText } from './fields';

/** Longest contact message we accept: a letter, not a file. */
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_EMAIL_OR_PHONE_MAX = 200;

const notLongerThan = (max: number) =>
  z.string().superRefine((value, ctx) => {
    if (Array.from(value).length > max) addDomainIssue(ctx, domainError('CONTACT_TOO_LONG', { max }));
  });

/** The public contact form. */
export const contactMessageSchema = z.object({
  emailOrPhone: requiredText('CONTACT_EMAIL_OR_PHONE_REQUIRED')
    .pipe(notLongerThan(CONTACT_EMAIL_OR_PHONE_MAX))
    .describe('How to reach the sender'),
  message: requiredText('CONTACT_MESSAGE_REQUIRED')
    .pipe(notLongerThan(CONTACT_MESSAGE_MAX))
    .describe('What the sender wrote'),
});
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** The answer to a sent message: the spec's success text, by code. */
export const contactResultSchema = z.object({
  code: z.literal('CONTACT_SENT'),
  message: z.string(),
});
