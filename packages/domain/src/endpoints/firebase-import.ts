import { z } from 'zod';
import { endpoint } from '../contracts/endpoint';
import {
  firebaseImportFileSchema,
  firebaseImportReportSchema,
  firebaseImportRunListSchema,
  firebaseImportRunSchema,
  firebaseImportStartSchema,
} from '../contracts/firebase-import';
import { idParam, PLATFORM_STAFF_ACCESS } from './common';

const tags = ['staff'];

/** The staff console's Firebase import: upload, start a dry or real run, read the reports. */
export const firebaseImportEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/api/staff/firebase-imports/files',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary:
      'Upload a Realtime Database export or a Firebase Auth export (multipart field "file", JSON) for an import',
    response: firebaseImportFileSchema,
    status: 201,
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/staff/firebase-imports',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'Start a dry or real import of an uploaded export in the background; one at a time',
    body: firebaseImportStartSchema,
    response: firebaseImportRunSchema,
    status: 201,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/staff/firebase-imports',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    resource: 'firebase-imports',
    summary: 'Past and running imports, newest first, with their progress and counts',
    response: firebaseImportRunListSchema,
  }),
  report: endpoint({
    method: 'GET',
    path: '/api/staff/firebase-imports/:runId',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    resource: 'firebase-imports',
    summary: "One import's report: counts per entity in and out, skipped rows with reasons, orphans",
    params: z.object({ runId: idParam }),
    response: firebaseImportReportSchema,
  }),
};
