import { contactMessageSchema, contactResultSchema } from '@batchwise/domain';
import { z } from 'zod';
import type { TypedApp } from '../../lib/typed-app';
import type { ContactService } from './contact.service';

/** POST /api/contact: the public contact form. Limited per address (CONTACT_LIMITS) so it cannot spam the inbox. */
export function contactRoutes(app: TypedApp, contact: ContactService): void {
  app.post(
    '/api/contact',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public site'],
        summary: 'Send a message from the contact form; it is stored and e-mailed to the site',
        body: contactMessageSchema,
        headers: z.object({ 'accept-language': z.string().optional() }).passthrough(),
        response: { 201: contactResultSchema },
      },
    },
    async (request, reply) => {
      const language = request.headers['accept-language']?.split(',')[0]?.slice(0, 20) ?? null;
      const result = await contact.send(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        language,
      });
      return reply.status(201).send(result);
    },
  );
}
