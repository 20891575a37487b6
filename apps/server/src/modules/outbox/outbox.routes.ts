import { z } from 'zod';
import type { TypedApp } from '../../lib/typed-app';
import type { OutboxRepository } from './outbox.repository';

const outboxItem = z.object({
  id: z.string(),
  kind: z.enum(['mail', 'sms']),
  to: z.string().describe('recipient e-mail or phone'),
  subject: z.string().nullable().describe('mail subject; null for SMS'),
  body: z.string().describe('plain-text body'),
  createdAt: z.number().describe('ms since the epoch'),
});

/** The console drivers' outboxes, for developers: only registered while DEV_OUTBOX is on. */
export function outboxRoutes(app: TypedApp, outbox: OutboxRepository): void {
  app.get(
    '/api/dev/outbox',
    {
      config: { access: 'dev' },
      schema: {
        tags: ['dev'],
        summary: 'Messages kept by the console mail and SMS drivers, newest first',
        querystring: z.object({
          kind: z.enum(['mail', 'sms']).default('mail'),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: z.object({ items: z.array(outboxItem) }) },
      },
    },
    async (request) => {
      const rows = await outbox.listNewest(request.query.kind, request.query.limit);
      return {
        items: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          to: r.to,
          subject: r.subject,
          body: r.body,
          createdAt: r.created_at,
        })),
      };
    },
  );
}
