import { z } from 'zod';
import { requiredText } from './fields';

/** The public contact form. */
export const contactMessageSchema = z.object({
  emailOrPhone: requiredText('CONTACT_EMAIL_OR_PHONE_REQUIRED').describe('How to reach the sender'),
  message: requiredText('CONTACT_MESSAGE_REQUIRED').describe('What the sender wrote'),
});
export type ContactMessage = z.output<typeof contactMessageSchema>;
