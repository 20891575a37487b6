import { exportTableSchema, studentExportQuerySchema } from '@batchwise/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { BODY_LIMITS } from '../../lib/body-limits';
import { attachmentDisposition } from '../../lib/content-disposition';
import type { TypedApp } from '../../lib/typed-app';
import type { ExportFile, ExportsService } from './exports.service';

const tags = ['exports'];
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
  app.post(
    '/api/exports',
    {
      config: { access: 'signed-in', download: true, rateLimit: exportLimit },
      bodyLimit: BODY_LIMITS.export,
      // A refused PDF (the renderer is rationed, pdf-renderer.ts) says when to try again.
      schema: {
        tags,
        summary: 'Export a table as shown ("Export As" PDF or XLSX); the PDF shapes Bangla correctly',
        body: exportTableSchema,
      },
    },
    async (request, reply) => sendFile(reply, await exportsService.table(request.principal!, request.body)),
  );

  app.get(
    '/api/accounts/:accountId/students/export',
    {
      config: {
        access: { roles: ['Teacher', 'Admin', 'TeacherAssistant'] },
        download: true,
        rateLimit: exportLimit,
      },
      schema: {
        tags,
        summary: 'Export the whole filtered students list (not one page) as PDF or XLSX',
        params: z.object({ accountId: z.string().min(1) }),
        querystring: studentExportQuerySchema.extend({ lang: z.enum(['en', 'bn']).default('en') }),
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await exportsService.students(request.principal!, request.params.accountId, request.query),
      ),
  );
}
