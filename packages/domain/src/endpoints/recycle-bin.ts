import { endpoint } from '../contracts/endpoint';
import { recycleBinSchema, recycleRestoreResultSchema } from '../contracts/recycle-bin';
import { accountParams, idParam, MANAGER_ACCESS } from './common';

const tags = ['recycle-bin'];

/**
 * The account's Recycle bin: its owner and admins only (the people who may delete what it keeps);
 * assistants, families and other accounts are refused.
 */
export const recycleBinEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/recycle-bin',
    access: MANAGER_ACCESS,
    tags,
    resource: 'recycle-bin',
    summary: "Deleted items the account's plan keeps, newest first, with the days they have left",
    params: accountParams,
    response: recycleBinSchema,
  }),
  restore: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/recycle-bin/:entryId/restore',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Put a deleted item back exactly as it was (same ids); refused if something now clashes',
    params: accountParams.extend({ entryId: idParam }),
    response: recycleRestoreResultSchema,
  }),
};
