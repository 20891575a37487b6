import { aiEndpoints as endpoints, questionPaperEndpoints as papers } from '@batchwise/domain';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../../lib/content-disposition';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { AiService } from './ai.service';
import type { QuestionPapersService } from './question-papers.service';
import type { ReportCommentsService } from './report-comments.service';
import type { SavedPapersService } from './saved-papers.service';
import type { SmsWriterService } from './sms-writer.service';

/** Aborted when the browser goes away before the answer: the model request is then abandoned. */
function whileConnected(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

export function aiRoutes(
  app: TypedApp,
  deps: {
    ai: AiService;
    smsWriter: SmsWriterService;
    reportComments: ReportCommentsService;
    questionPapers: QuestionPapersService;
    savedPapers: SavedPapersService;
  },
): void {
  route(app, endpoints.credits, (request) => deps.ai.credits(request.principal!, request.params.accountId));
  route(app, endpoints.smsDrafts, (request, reply) =>
    deps.smsWriter.drafts(request.principal!, request.params.accountId, request.body, whileConnected(reply)),
  );
  route(app, endpoints.reportComment, (request, reply) =>
    deps.reportComments.draft(
      request.principal!,
      request.params.accountId,
      request.body,
      whileConnected(reply),
    ),
  );
  route(app, endpoints.questionPaper, (request, reply) =>
    deps.questionPapers.draft(
      request.principal!,
      request.params.accountId,
      request.body,
      whileConnected(reply),
    ),
  );
  const saved = deps.savedPapers;
  route(app, papers.classroomPapers, (r) =>
    saved.list(r.principal!, r.params.accountId, r.params.classroomId),
  );
  route(app, papers.savePaper, (r) =>
    saved.save(r.principal!, r.params.accountId, r.params.classroomId, r.body),
  );
  route(app, papers.paper, (r) => saved.get(r.principal!, r.params.accountId, r.params.paperId));
  route(app, papers.updatePaper, (r) =>
    saved.update(r.principal!, r.params.accountId, r.params.paperId, r.body),
  );
  route(app, papers.deletePaper, (r) => saved.remove(r.principal!, r.params.accountId, r.params.paperId));
  route(
    app,
    papers.paperPdf,
    async (r, reply) => {
      const file = await saved.pdf(
        r.principal!,
        r.params.accountId,
        r.params.paperId,
        r.query.answers === '1',
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', file.body.length)
        .header('cache-control', 'no-store')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .send(file.body);
    },
    // A PDF starts a browser page: few per address (the renderer also rations them per person).
    { config: { download: true, rateLimit: { max: 20, timeWindow: '1 minute' } } },
  );
  route(app, papers.paperAssessment, (r) =>
    saved.toAssessment(r.principal!, r.params.accountId, r.params.paperId, r.body),
  );
}
