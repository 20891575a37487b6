import { exportEndpoints as endpoints } from '@batchwise/domain';
import type { FastifyReply } from 'fastify';
import { BODY_LIMITS } from '../../lib/body-limits';
import { attachmentDisposition } from '../../lib/content-disposition';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { ExportFile, ExportsService } from './exports.service';

// Rendering a PDF starts a browser page: a generous limit per address keeps one caller from
// queueing up the renderer for everyone else.
const exportLimit = { max: 60, timeWindow: '1 minute' };

/** Sends a file as a download; the name may be Bangla, so it goes in RFC 5987 form too. */
function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.body.length)
    .header('cache-control', 'no-store')
    .header('content-disposition', attachmentDisposition(file.fileName))
    .send(file.body);
}

export function exportsRoutes(app: TypedApp, exportsService: ExportsService): void {
  // A refused PDF (the renderer is rationed, pdf-renderer.ts) says when to try again.
  route(
    app,
    endpoints.table,
    async (request, reply) => sendFile(reply, await exportsService.table(request.principal!, request.body)),
    { config: { download: true, rateLimit: exportLimit }, bodyLimit: BODY_LIMITS.export },
  );
  route(
    app,
    endpoints.students,
    async (request, reply) =>
      sendFile(
        reply,
        await exportsService.students(request.principal!, request.params.accountId, request.query),
      ),
    { config: { download: true, rateLimit: exportLimit } },
  );
}
