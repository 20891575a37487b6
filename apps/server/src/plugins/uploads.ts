import type { MessageCode } from '@batchwise/domain';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { failure } from '../lib/errors';
import type { TypedApp } from '../lib/typed-app';
import { PICTURE_MAX_BYTES } from '../modules/media/images';

/** What a scope's routes take: one file of at most `maxBytes`, refused past it with `tooLarge`. */
export interface UploadLimit {
  maxBytes: number;
  tooLarge: MessageCode;
}

/** Pictures (the default): single files of a few MB; limits stop abuse early. */
const PICTURES: UploadLimit = { maxBytes: PICTURE_MAX_BYTES, tooLarge: 'PICTURE_TOO_LARGE' };
/** Boundaries, part headers and the few small fields that travel beside the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Registers the routes that take a multipart upload (`request.file()`) in a scope of their own
 * with @fastify/multipart. The plugin hangs an onRequest and an onResponse hook on every route of
 * its scope (to clean up files saved to disk, which we never do); kept to the upload routes, the
 * rest of the API does not pay for them, and answers a multipart body with 415.
 *
 * Fastify's bodyLimit does not cover multipart (the plugin streams the body instead of reading
 * it), so a declared Content-Length past the limit is refused here before a byte is read; a body
 * without one (chunked) is cut off by `fileSize` while streaming (never buffered past it), and
 * the file's reader (readPicture, readSpreadsheetUpload) answers 413.
 */
export function uploadRoutes(
  app: TypedApp,
  routes: (uploads: TypedApp) => void,
  limit: UploadLimit = PICTURES,
): void {
  void app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > limit.maxBytes + MULTIPART_OVERHEAD)
        throw failure(413, limit.tooLarge, { max: limit.maxBytes / 1024 / 1024 });
      // Busboy throws a plain Error (a 500) for a multipart type without a boundary.
      const type = request.headers['content-type'] ?? '';
      if (/^multipart\//i.test(type) && !/;\s*boundary=("[^"]+"|[^\s;]+)/i.test(type))
        throw failure(400, 'BAD_REQUEST');
    });
    // Node would otherwise read and discard the rest of a refused body to keep the connection
    // alive: closing it stops a 60 MB upload at the refusal.
    scope.addHook('onSend', async (request, reply) => {
      if (reply.statusCode === 413 && !request.raw.complete) void reply.header('connection', 'close');
    });
    await scope.register(multipart, { limits: { fileSize: limit.maxBytes, files: 1, fields: 20 } });
    routes(scope.withTypeProvider<ZodTypeProvider>());
  });
}
