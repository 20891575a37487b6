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
      reply.hijack();
      await tus.handle(request.principal!, request.raw, reply.raw);
    };
    const config = (access: typeof endpoints.createUpload.access) => ({ access });
    const hide = { hide: true };
    scope.route({
      method: endpoints.createUpload.method,
      url: endpoints.createUpload.path,
      config: config(endpoints.createUpload.access),
      schema: { ...hide, summary: endpoints.createUpload.summary },
      handler: handle,
    });
    for (const endpoint of [endpoints.uploadChunk, endpoints.cancelUpload]) {
      scope.route({
        method: endpoint.method,
        url: endpoint.path,
        config: config(endpoint.access),
        schema: { ...hide, summary: endpoint.summary },
        handler: handle,
      });
    }
    // HEAD tells where to resume (tus 1.0 "HEAD"); the same caller rules as PATCH.
    scope.route({
      method: 'HEAD',
      url: endpoints.uploadChunk.path,
      config: config(endpoints.uploadChunk.access),
      schema: hide,
      handler: handle,
    });
  });
}
