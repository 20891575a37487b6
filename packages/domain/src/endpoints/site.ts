import { z } from 'zod';
import { contactMessageSchema, contactResultSchema } from '../contracts/contact';
import { endpoint } from '../contracts/endpoint';
import { siteConfigSchema } from '../contracts/site';
import { INTERFACE_LANGUAGES } from '../text/languages';

const tags = ['public site'];

/** A message the console mail or SMS driver kept instead of sending (developer tools). */
export const outboxItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['mail', 'sms']),
  to: z.string().describe('recipient e-mail or phone'),
  subject: z.string().nullable().describe('mail subject; null for SMS'),
  body: z.string().describe('plain-text body'),
  createdAt: z.number().describe('ms since the epoch'),
});
export type OutboxItem = z.output<typeof outboxItemSchema>;

/** The public site's API (its settings, live news cards, the contact form) and the dev outbox. */
export const siteEndpoints = {
  config: endpoint({
    method: 'GET',
    path: '/api/site',
    access: 'public',
    tags,
    resource: 'site',
    summary: 'Settings the public pages need',
    response: siteConfigSchema,
  }),
  latestNews: endpoint({
    method: 'GET',
    path: '/api/site/latest-news',
    access: 'public',
    tags,
    summary: 'The landing page’s latest news cards as HTML, for its live updates',
    query: z.object({ lng: z.enum(INTERFACE_LANGUAGES).default('en') }),
    response: z.object({ html: z.string() }),
  }),
  contact: endpoint({
    method: 'POST',
    path: '/api/contact',
    access: 'public',
    tags,
    summary: 'Send a message from the contact form; it is stored and e-mailed to the site',
    body: contactMessageSchema,
    response: contactResultSchema,
    status: 201,
  }),
  outbox: endpoint({
    method: 'GET',
    path: '/api/dev/outbox',
    access: 'dev',
    tags: ['dev'],
    resource: 'outbox',
    summary: 'Messages kept by the console mail and SMS drivers, newest first',
    query: z.object({
      kind: z.enum(['mail', 'sms']).default('mail'),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.object({ items: z.array(outboxItemSchema) }),
  }),
};
