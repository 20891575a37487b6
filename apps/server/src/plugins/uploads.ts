import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TypedApp } from '../lib/typed-app';

// Uploads (pictures, spreadsheets) are single files of a few MB; limits stop abuse early.
const LIMITS = { fileSize: 5 * 1024 * 1024, files: 1, fields: 20 };

/**
 * Registers the routes that take a multipart upload (`request.file()`) in a scope of their own
 * with @fastify/multipart. The plugin hangs an onRequest and an onResponse hook on every route of
 * its scope (to clean up files saved to disk, which we never do); kept to the upload routes, the
 * rest of the API does not pay for them, and answers a multipart body with 415.
 */
export function uploadRoutes(app: TypedApp, routes: (uploads: TypedApp) => void): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: LIMITS });
    routes(scope.withTypeProvider<ZodTypeProvider>());
  });
}
