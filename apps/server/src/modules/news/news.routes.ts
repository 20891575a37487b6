import {
  newsImageUploadSchema,
  newsInputSchema,
  newsItemSchema,
  newsListQuerySchema,
  newsPageSchema,
} from '@batchwise/domain';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '../../lib/access';
import { BODY_LIMITS } from '../../lib/body-limits';
import { failure } from '../../lib/errors';
import type { TypedApp } from '../../lib/typed-app';
import type { NewsService } from './news.service';
import { NEWS_IMAGE_MAX_BYTES, NEWS_IMAGE_TYPES } from './news-images';

const STAFF: RouteAccess = { roles: ['Staff'] };
const keyParams = z.object({ key: z.string().min(1).max(40) });

/** Public news reads (spec part 1 §7) and the staff news editor's API. */
export function newsRoutes(app: TypedApp, news: NewsService): void {
  app.get(
    '/api/news',
    {
      config: { access: 'public' },
      schema: {
        tags: ['news'],
        summary: 'Published news, newest first, 20 at a time; search with q, page with cursor',
        querystring: newsListQuerySchema,
        response: { 200: newsPageSchema },
      },
    },
    (request) => news.list(request.query, true),
  );

  app.get(
    '/api/news/:key',
    {
      config: { access: 'public' },
      schema: {
        tags: ['news'],
        summary: 'One published news item (the /OpenNews page)',
        params: keyParams,
        response: { 200: newsItemSchema },
      },
    },
    (request) => news.get(request.params.key, true),
  );

  app.get(
    '/api/staff/news',
    {
      config: { access: STAFF },
      schema: {
        tags: ['news'],
        summary: 'Every news item, drafts included (staff)',
        querystring: newsListQuerySchema,
        response: { 200: newsPageSchema },
      },
    },
    (request) => news.list(request.query, false),
  );

  app.get(
    '/api/staff/news/:key',
    {
      config: { access: STAFF },
      schema: {
        tags: ['news'],
        summary: 'One news item, draft or published (staff)',
        params: keyParams,
        response: { 200: newsItemSchema },
      },
    },
    (request) => news.get(request.params.key, false),
  );

  app.post(
    '/api/staff/news',
    {
      config: { access: STAFF },
      bodyLimit: BODY_LIMITS.news,
      schema: {
        tags: ['news'],
        summary: 'Create a news item (staff); the description is sanitised',
        body: newsInputSchema,
        response: { 201: newsItemSchema },
      },
    },
    async (request, reply) => {
      const item = await news.create(request.body, request.principal?.user.id ?? null);
      return reply.status(201).send(item);
    },
  );

  app.put(
    '/api/staff/news/:key',
    {
      config: { access: STAFF },
      bodyLimit: BODY_LIMITS.news,
      schema: {
        tags: ['news'],
        summary: 'Change, publish or unpublish a news item (staff)',
        params: keyParams,
        body: newsInputSchema,
        response: { 200: newsItemSchema },
      },
    },
    (request) => news.update(request.params.key, request.body, request.principal?.user.id ?? null),
  );

  app.delete(
    '/api/staff/news/:key',
    {
      config: { access: STAFF },
      schema: { tags: ['news'], summary: 'Delete a news item (staff)', params: keyParams },
    },
    async (request, reply) => {
      await news.remove(request.params.key);
      return reply.status(204).send();
    },
  );

  // The image arrives as the raw request body (Content-Type image/…), which only this scope parses.
  app.register(async (scope) => {
    // Refused from the Content-Length before a byte is read, and named as a picture (the
    // parser's own bodyLimit below still cuts off a chunked body while reading it).
    scope.addHook('onRequest', async (request) => {
      if (Number(request.headers['content-length'] ?? 0) > NEWS_IMAGE_MAX_BYTES + 1024)
        throw failure(413, 'PICTURE_TOO_LARGE', { max: NEWS_IMAGE_MAX_BYTES / 1024 / 1024 });
    });
    scope.addContentTypeParser(
      NEWS_IMAGE_TYPES,
      { parseAs: 'buffer', bodyLimit: NEWS_IMAGE_MAX_BYTES + 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/staff/news/images',
      {
        config: { access: STAFF },
        schema: {
          tags: ['news'],
          summary: 'Upload a news image (raw PNG, JPEG, WebP or AVIF body, at most 5 MB)',
          response: { 201: newsImageUploadSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await news.uploadImage(request.body as Buffer)),
    );
  });
}
