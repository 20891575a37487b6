import { z } from 'zod';
import type { Storage } from '../../drivers/storage/storage';
import { failure } from '../../lib/errors';
import type { TypedApp } from '../../lib/typed-app';

const CONTENT_TYPES = { webp: 'image/webp', jpg: 'image/jpeg' } as const;

/**
 * Public uploads: the sized variants of news images. A variant's name never changes its content
 * (a new upload gets a new id), so browsers may keep it for a year.
 */
export function mediaRoutes(app: TypedApp, storage: Storage): void {
  app.get(
    '/media/news/:file',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params: z.object({ file: z.string().regex(/^[0-9A-Za-z]{10,40}-(480|960|1600)\.(webp|jpg)$/) }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const stored = await storage.get(`news/${file}`);
      if (!stored) throw failure(404, 'NOT_FOUND');
      const format = file.endsWith('.jpg') ? 'jpg' : 'webp';
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-length', stored.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(stored.body);
    },
  );
}
