import { uploadEndpoints as endpoints } from '@batchwise/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TypedApp } from '../../lib/typed-app';
import type { TusUploads } from './tus-server';

/**
 * The tus endpoint (uploads.service.ts). Fastify checks the caller's role (the contract's access)
 * and leaves the body unread; tus reads it from the request stream and answers itself.
 */
export function uploadsRoutes(app: TypedApp, tus: TusUploads): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const { uploadId } = request.params as { uploadId?: string };
      await tus.check(request.principal!, request.raw, uploadId);
      reply.hijack();
      await tus.handle(request.principal!, request.raw, reply.raw);
    };
    // A refused PATCH leaves its body unread: closing the connection stops it there.
    scope.addHook('onSend', async (request, reply) => {
      if (reply.statusCode >= 400 && !request.raw.complete) void reply.header('connection', 'close');
    });
    const config = (access: typeof endpoints.createUpload.access) => ({ access });
    scope.route({
      method: endpoints.createUpload.method,
      url: endpoints.createUpload.path,
      config: config(endpoints.createUpload.access),
      schema: { summary: endpoints.createUpload.summary, tags: [...endpoints.createUpload.tags] },
      handler: handle,
    });
    for (const endpoint of [endpoints.uploadChunk, endpoints.cancelUpload]) {
      scope.route({
        method: endpoint.method,
        url: endpoint.path,
        config: config(endpoint.access),
        schema: { summary: endpoint.summary, tags: [...endpoint.tags] },
        handler: handle,
      });
    }
    // HEAD tells where to resume (tus 1.0 "HEAD"); the same caller rules as PATCH.
    scope.route({
      method: 'HEAD',
      url: endpoints.uploadChunk.path,
      config: config(endpoints.uploadChunk.access),
      schema: { hide: true },
      handler: handle,
    });
  });
}
