import { endpoint } from '../contracts/endpoint';
import { gettingStartedSchema, gettingStartedUpdateSchema } from '../contracts/getting-started';
import { accountParams, MANAGER_ACCESS } from './common';
import { SHELL_ROUTES } from './shell-routes';

const tags = ['getting-started'];

/**
 * The dashboard's first-run checklist of an account: its owner and admins only (assistants work
 * inside a set-up account and never see it).
 */
export const gettingStartedEndpoints = {
  read: endpoint({
    ...SHELL_ROUTES.gettingStarted,
    access: MANAGER_ACCESS,
    tags,
    summary: 'The first-run steps of the account, each ticked from its real data, and whether it was hidden',
    params: accountParams,
    response: gettingStartedSchema,
  }),
  update: endpoint({
    ...SHELL_ROUTES.updateGettingStarted,
    access: MANAGER_ACCESS,
    tags,
    summary: 'Hide the checklist for the account, or record that the admission link was opened',
    params: accountParams,
    body: gettingStartedUpdateSchema,
    response: gettingStartedSchema,
  }),
};
