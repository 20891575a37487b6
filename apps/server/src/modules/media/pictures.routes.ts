import { z } from 'zod';
import type { Storage } from '../../drivers/storage/storage';
import { notFound } from '../../lib/errors';
import type { TypedApp } from '../../lib/typed-app';
import { ATTACHMENT_CONTENT_TYPES, type AttachmentType } from './attachments';

/**
 * Avatars, logos, classroom pictures and student photos, and the admission form's attachments.
 * Each upload gets a new key, so a file never changes under its address.
 */
export function picturesRoutes(app: TypedApp, storage: Storage): void {
  app.get(
    '/media/:kind/:file',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params: z.object({
          kind: z.enum(['avatars', 'logos', 'classrooms', 'students']),
          file: z.string().regex(/^[0-9A-Z]{26}\.webp$/),
        }),
      },
    },
    async (request, reply) => {
      const stored = await storage.get(`${request.params.kind}/${request.params.file}`);
      if (!stored) throw notFound();
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', stored.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(stored.body);
    },
  );
  app.get(
    '/media/attachments/:file',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params: z.object({ file: z.string().regex(/^[0-9A-Z]{26}\.(pdf|png|jpg)$/) }),
      },
    },
    async (request, reply) => {
      const stored = await storage.get(`attachments/${request.params.file}`);
      if (!stored) throw notFound();
      const type = request.params.file.split('.').pop() as AttachmentType;
      return reply
        .header('content-type', ATTACHMENT_CONTENT_TYPES[type])
        .header('content-length', stored.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(stored.body);
    },
  );
}
