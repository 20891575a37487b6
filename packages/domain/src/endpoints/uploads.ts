import { z } from 'zod';
import { endpoint } from '../contracts/endpoint';
import { idParam, STAFF_ACCESS } from './common';
import { UPLOAD_PATHS } from './upload-paths';

const tags = ['uploads'];
const uploadParams = z.object({ uploadId: idParam });

/**
 * Resumable uploads (tus 1.0, modules/uploads). The bodies and answers are tus's own headers,
 * not JSON: `Upload-Length` and `Upload-Metadata` (accountId, purpose, filename, filetype, each
 * base64) on creation, `Upload-Offset` on each PATCH; HEAD tells the offset to resume from.
 * Refusals carry a JSON body `{ error: { code, message } }`.
 */
export const uploadEndpoints = {
  createUpload: endpoint({
    method: 'POST',
    path: UPLOAD_PATHS.create,
    access: STAFF_ACCESS,
    tags,
    summary: 'Start a resumable upload (tus creation): 201 with its Location; size and quota checked',
  }),
  uploadChunk: endpoint({
    method: 'PATCH',
    path: UPLOAD_PATHS.upload,
    access: STAFF_ACCESS,
    tags,
    summary: 'Send bytes from Upload-Offset (409 on a wrong offset); the last checks the file and stores it',
    params: uploadParams,
  }),
  cancelUpload: endpoint({
    method: 'DELETE',
    path: UPLOAD_PATHS.upload,
    access: STAFF_ACCESS,
    tags,
    summary: 'Give up an unfinished upload (tus termination)',
    params: uploadParams,
  }),
};
