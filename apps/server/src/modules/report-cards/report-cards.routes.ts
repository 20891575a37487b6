import { reportCardEndpoints as endpoints } from '@batchwise/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { attachmentDisposition } from '../../lib/content-disposition';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { publicLinkLimit } from '../rate-limit/public-link-limit';
import type { ReportCardsService } from './report-cards.service';
import type { ReportLinksService } from './report-links.service';
import type { ReportPdfFile, ReportPdfService } from './report-pdf.service';
import type { ResultSmsService } from './result-sms.service';

// Feedback is also limited per link (report-links.service.ts); this bounds one address.
const feedbackLimit = { rateLimit: { max: 10, timeWindow: '10 minutes' } };
// A PDF starts a browser page: few per address for staff (the renderer also rations them per person).
const pdfLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
/**
 * A family's report card PDF, per address: sized for a carrier address shared by hundreds of
 * families who all open a centre's result SMS in the same minutes (IDENTITY.md, "Limits for shared
 * addresses"). The renderer keeps itself for everyone: one render at a time per link and a short
 * queue, past which it answers at once (exports/pdf-renderer.ts).
 */
export const PUBLIC_PDF_LIMIT = { max: 300, timeWindow: '1 minute' };

function sendPdf(reply: FastifyReply, file: ReportPdfFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', file.body.length)
    .header('cache-control', 'no-store')
    .header('content-disposition', attachmentDisposition(file.fileName))
    .send(file.body);
}

export function reportCardsRoutes(
  app: TypedApp,
  services: {
    cards: ReportCardsService;
    links: ReportLinksService;
    pdf: ReportPdfService;
    sms: ResultSmsService;
  },
): void {
  const { cards, links, pdf, sms } = services;
  route(app, endpoints.reportTerms, (r) =>
    cards.terms(r.principal!, r.params.accountId, r.params.classroomId),
  );
  route(app, endpoints.reportTable, (r) =>
    cards.table(r.principal!, r.params.accountId, r.params.classroomId, r.query.term),
  );
  route(app, endpoints.reportAssessmentTable, (r) =>
    cards.assessmentTable(r.principal!, r.params.accountId, r.params.classroomId, r.params.assessmentId),
  );
  route(app, endpoints.reportCard, (r) =>
    cards.card(r.principal!, r.params.accountId, r.params.classroomId, r.params.studentId, r.query.term),
  );
  route(app, endpoints.saveReportRemark, (r) =>
    cards.saveRemark(r.principal!, r.params.accountId, r.params.classroomId, r.params.studentId, r.body),
  );
  route(
    app,
    endpoints.reportPdf,
    async (r, reply) =>
      sendPdf(reply, await pdf.staffPdf(r.principal!, r.params.accountId, r.params.classroomId, r.query)),
    { config: { download: true, ...pdfLimit } },
  );
  route(app, endpoints.issueReportLinks, (r) =>
    links.issue(r.principal!, r.params.accountId, r.params.classroomId, r.body),
  );
  route(app, endpoints.revokeReportLinks, (r) =>
    links.revoke(r.principal!, r.params.accountId, r.params.classroomId, r.body),
  );
  route(app, endpoints.issueReportTableLink, (r) =>
    links.issueTableLink(r.principal!, r.params.accountId, r.params.classroomId, r.body.term),
  );
  route(app, endpoints.revokeReportTableLink, (r) =>
    links.revokeTableLink(r.principal!, r.params.accountId, r.params.classroomId, r.body.term),
  );
  route(app, endpoints.reportFeedback, (r) =>
    cards.feedback(r.principal!, r.params.accountId, r.params.classroomId, r.query.term),
  );
  route(app, endpoints.readReportFeedback, async (r) => {
    await cards.readFeedback(r.principal!, r.params.accountId, r.params.classroomId, r.body);
    return { ok: true as const };
  });
  route(app, endpoints.resultSmsPreview, (r) =>
    sms.preview(r.principal!, r.params.accountId, r.params.classroomId, r.body),
  );
  route(app, endpoints.resultSmsSend, (r) =>
    sms.send(r.principal!, r.params.accountId, r.params.classroomId, r.body),
  );

  // Families, by the link in their SMS.
  route(app, endpoints.publicReportCard, (r) => links.publicCard(r.params.key), { config: publicLinkLimit });
  route(
    app,
    endpoints.publicReportPdf,
    async (r, reply) => sendPdf(reply, await pdf.publicPdf(links, r.params.key, r.query.lang)),
    { config: { download: true, rateLimit: PUBLIC_PDF_LIMIT } },
  );
  route(app, endpoints.acknowledgeReport, (r) => links.acknowledge(r.params.key), {
    config: publicLinkLimit,
  });
  route(app, endpoints.reportFeedbackSend, (r) => links.sendFeedback(r.params.key, r.body.text), {
    config: feedbackLimit,
  });
  route(app, endpoints.publicReportTable, (r) => links.publicTable(r.params.key), {
    config: publicLinkLimit,
  });
  route(
    app,
    endpoints.publicReportAssessmentTable,
    (r) => links.publicAssessmentTable(r.params.key, r.params.assessmentId),
    { config: publicLinkLimit },
  );

  // The short link in a result SMS (`/rc/{key}`): a redirect for browsers, as /r/:code and /p/:key.
  app.get(
    '/rc/:key',
    {
      config: { access: 'public', ...publicLinkLimit },
      schema: { hide: true, params: z.object({ key: z.string().min(1).max(100) }) },
    },
    async (request, reply) => {
      const target = await links.follow(request.params.key);
      // An unknown or revoked key lands on the card page without a key: its invalid-link message.
      return reply.header('cache-control', 'no-store').redirect(target ?? '/viewreport', 302);
    },
  );
}
