import { aiEndpoints as endpoints } from '@batchwise/domain';
import type { FastifyReply } from 'fastify';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { AiService } from './ai.service';
import type { QuestionPapersService } from './question-papers.service';
import type { ReportCommentsService } from './report-comments.service';
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
}
