import { assessmentSchema } from '../contracts/assessments';
import { endpoint } from '../contracts/endpoint';
import {
  paperAssessmentInputSchema,
  paperPdfQuerySchema,
  savedPaperInputSchema,
  savedPaperListSchema,
  savedPaperSchema,
} from '../contracts/question-papers';
import { accountParams, classroomParams, idParam, okSchema, STAFF_ACCESS } from './common';

const tags = ['ai'];
const paperParams = accountParams.extend({ paperId: idParam });
const base = '/api/accounts/:accountId/question-papers/:paperId';

/**
 * Saved question papers (part of the `ai` tool): whoever works a classroom's assessments keeps its
 * papers, prints them and makes assessments of them. None of these calls reaches the model.
 */
export const questionPaperEndpoints = {
  classroomPapers: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/classrooms/:classroomId/question-papers',
    access: STAFF_ACCESS,
    tool: 'ai',
    tags,
    resource: 'question-papers',
    summary: "A classroom's saved question papers, the last changed first",
    params: classroomParams,
    response: savedPaperListSchema,
  }),
  savePaper: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/classrooms/:classroomId/question-papers',
    access: STAFF_ACCESS,
    tool: 'ai',
    tags,
    summary: 'Save a question paper with its answer key to a classroom',
    params: classroomParams,
    body: savedPaperInputSchema,
    response: savedPaperSchema,
    status: 201,
  }),
  paper: endpoint({
    method: 'GET',
    path: base,
    access: STAFF_ACCESS,
    tool: 'ai',
    tags,
    resource: 'question-papers',
    summary: 'A saved question paper with its answer key',
    params: paperParams,
    response: savedPaperSchema,
  }),
  updatePaper: endpoint({
    method: 'PUT',
    path: base,
    access: STAFF_ACCESS,
    tool: 'ai',
    tags,
    summary: 'Save an edited question paper',
    params: paperParams,
    body: savedPaperInputSchema,
    response: savedPaperSchema,
  }),
  deletePaper: endpoint({
    method: 'DELETE',
    path: base,
    access: STAFF_ACCESS,
    tool: 'ai',
    tags,
    summary: 'Delete a saved question paper (assessments made from it stay)',
    params: paperParams,
    response: okSchema,
  }),
  paperPdf: endpoint({
    method: 'GET',
    path: `${base}/pdf`,
    access: STAFF_ACCESS,
    tool: 'ai',
    tags,
    summary: "The paper as a PDF under the institution's header, optionally with its answer key",
    params: paperParams,
    query: paperPdfQuerySchema,
  }),
  paperAssessment: endpoint({
    method: 'POST',
    path: `${base}/assessment`,
    access: STAFF_ACCESS,
    tool: 'ai',
    tags,
    summary: "Add an assessment of the paper's classroom: one subject with the paper's total as full marks",
    params: paperParams,
    body: paperAssessmentInputSchema,
    response: assessmentSchema,
    status: 201,
  }),
};
