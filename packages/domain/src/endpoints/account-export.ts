import { z } from 'zod';
import { accountExportListSchema, accountExportSchema } from '../contracts/account-export';
import { endpoint } from '../contracts/endpoint';
import { accountParams, idParam, MANAGER_ACCESS } from './common';

// The owner's export of the whole account. Only the account's owner may call these
// (account-export.policy.ts): admins of a team and assistants are refused by the service.

const tags = ['account-export'];

export const accountExportEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/account-exports',
    access: MANAGER_ACCESS,
    tags,
    resource: 'account-exports',
    summary: "The account's latest exports with their progress and download links",
    params: accountParams,
    response: accountExportListSchema,
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/account-exports',
    access: MANAGER_ACCESS,
    tags,
    summary:
      'Start exporting the whole account (JSON per table, XLSX sheets of people, uploaded files) in the background',
    params: accountParams,
    response: accountExportSchema,
    status: 201,
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/account-exports/:exportId/download',
    access: MANAGER_ACCESS,
    tags,
    summary: "Download a ready export's zip; the signed link expires and works for the owner only",
    params: accountParams.extend({ exportId: idParam }),
    query: z.object({ expires: z.coerce.number().int(), signature: z.string().min(1) }),
  }),
};
