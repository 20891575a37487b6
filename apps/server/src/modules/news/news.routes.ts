import { newsEndpoints as endpoints } from '@batchwise/domain';
import { BODY_LIMITS } from '../../lib/body-limits';
import { failure } from '../../lib/errors';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { NewsService } from './news.service';
import { NEWS_IMAGE_MAX_BYTES, NEWS_IMAGE_TYPES } from './news-images';

/** Public news reads (spec part 1 §7) and the staff news editor's API. */
export function newsRoutes(app: TypedApp, news: NewsService): void {
  route(app, endpoints.list, (request) => news.list(request.query, true));
  route(app, endpoints.item, (request) => news.get(request.params.key, true));
  route(app, endpoints.staffList, (request) => news.list(request.query, false));
  route(app, endpoints.staffItem, (request) => news.get(request.params.key, false));
  route(app, endpoints.create, (request) => news.create(request.body, request.principal?.user.id ?? null), {
    bodyLimit: BODY_LIMITS.news,
  });
  route(
    app,
    endpoints.update,
    (request) => news.update(request.params.key, request.body, request.principal?.user.id ?? null),
    { bodyLimit: BODY_LIMITS.news },
  );
  route(app, endpoints.remove, async (request, reply) => {
    await news.remove(request.params.key);
    return reply.status(204).send();
  });

  // The image arrives as the raw request body (Content-Type image/…), which only this scope parses.
  app.register(async (scope: TypedApp) => {
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
    // The contract has no body schema: the parser above hands over the bytes.
    route(scope, endpoints.uploadImage, (request) => news.uploadImage(request.body as unknown as Buffer));
  });
}
