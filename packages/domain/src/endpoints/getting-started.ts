import { endpoint } from '../contracts/endpoint';
import { gettingStartedSchema, gettingStartedUpdateSchema } from '../contracts/getting-started';
import { accountParams, MANAGER_ACCESS } from './common';

const tags = ['getting-started'];
const resource = 'accounts';

/**
 * The dashboard's first-run checklist of an account: its owner and admins only (assistants work
 * inside a set-up account and never see it).
 */
export const gettingStartedEndpoints = {
  read: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/getting-started',
    access: MANAGER_ACCESS,
    tags,
    resource,
    summary: 'The first-run steps of the account, each ticked from its real data, and whether it was hidden',
    params: accountParams,
    response: gettingStartedSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/getting-started',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Hide the checklist for the account, or record that the admission link was opened',
    params: accountParams,
    body: gettingStartedUpdateSchema,
    response: gettingStartedSchema,
  }),
};
