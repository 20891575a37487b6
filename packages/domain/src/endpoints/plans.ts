import { z } from 'zod';
import { endpoint } from '../contracts/endpoint';
import {
  accountToolsSchema,
  planIdSchema,
  planInputSchema,
  planListSchema,
  planSchema,
  toolKeySchema,
  toolPinSchema,
} from '../contracts/plans';
import { accountParams, MANAGER_ACCESS, okSchema, PLATFORM_STAFF_ACCESS, STAFF_ACCESS } from './common';
import { SHELL_ROUTES } from './shell-routes';

const tags = ['plans'];
const toolParams = accountParams.extend({ toolKey: toolKeySchema });

/** The plan table (public read, staff edit) and an account's tools (spec part 2 §4, §7). */
export const planEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/plans',
    access: 'public',
    tags,
    resource: 'plans',
    summary: 'The plans with their prices, limits, features and included tools',
    response: planListSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/staff/plans/:planId',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: "Platform staff change a plan's price, limits, features or included tools",
    params: z.object({ planId: planIdSchema }),
    body: planInputSchema,
    response: planSchema,
  }),
  tools: endpoint({
    ...SHELL_ROUTES.tools,
    access: STAFF_ACCESS,
    tags,
    summary: "The tools catalogue as the caller sees it in this account, and the account's plan",
    params: accountParams,
    response: accountToolsSchema,
  }),
  install: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/tools/:toolKey',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Install a tool: with the plan when it includes it (no expiry), else as a one-time trial',
    params: toolParams,
    response: okSchema,
  }),
  uninstall: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/tools/:toolKey',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Remove a tool from the account (its data stays; a used trial stays used)',
    params: toolParams,
    response: okSchema,
  }),
  pin: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/tools/:toolKey/pin',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Pin an installed tool to the menu, or unpin it',
    params: toolParams,
    body: toolPinSchema,
    response: okSchema,
  }),
};
