import {
  aiCreditsSchema,
  questionPaperRequestSchema,
  questionPaperSchema,
  reportCommentRequestSchema,
  reportCommentSchema,
  smsDraftsRequestSchema,
  smsDraftsSchema,
} from '../contracts/ai';
import { endpoint } from '../contracts/endpoint';
import { accountParams, STAFF_ACCESS } from './common';

const tags = ['ai'];

/**
 * The AI tools (the `ai` tool of the catalogue): each request is metered in the account's AI
 * credits. Only what a task needs reaches the model (modules/ai/privacy-guard.ts).
 */
export const aiEndpoints = {
  credits: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/ai/credits',
    access: STAFF_ACCESS,
    tool: 'ai',
    tags,
    resource: 'ai-credits',
    summary: "The account's AI credits and its plan's monthly allowance",
    params: accountParams,
    response: aiCreditsSchema,
  }),
  smsDrafts: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/ai/sms-drafts',
    access: STAFF_ACCESS,
    tool: 'ai',
    tags,
    summary:
      'Two or three SMS drafts from a description, each fitting the parts asked for with the template placeholders kept; costs AI credits, nothing is sent',
    params: accountParams,
    body: smsDraftsRequestSchema,
    response: smsDraftsSchema,
  }),
  reportComment: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/ai/report-comment',
    access: STAFF_ACCESS,
    tool: 'ai',
    tags,
    summary:
      "A draft of the teacher's remark on a student's report card from the term's marks and attendance; costs AI credits, nothing is saved",
    params: accountParams,
    body: reportCommentRequestSchema,
    response: reportCommentSchema,
  }),
  questionPaper: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/ai/question-paper',
    access: STAFF_ACCESS,
    tool: 'ai',
    tags,
    summary:
      'A draft question paper with an answer key (MCQ, short and creative questions as Bangladeshi boards set them) from a class, subject and topics; costs AI credits',
    params: accountParams,
    body: questionPaperRequestSchema,
    response: questionPaperSchema,
  }),
};
