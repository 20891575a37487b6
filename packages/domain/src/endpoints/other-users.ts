import { endpoint } from '../contracts/endpoint';
import {
  otherUserInputSchema,
  otherUserListSchema,
  otherUserLogQuerySchema,
  otherUserLogSchema,
  otherUserSchema,
} from '../contracts/other-users';
import { accountParams, idParam, MANAGER_ACCESS, okSchema } from './common';

const tags = ['other-users'];
// A punch of an other user marks 'attendance' stale (the entry/exit log refreshes with the board).
const resource = 'attendance';

export const otherUserParams = accountParams.extend({ otherUserId: idParam });

/**
 * The account's other users (staff, guards, visitors) and their entry/exit log, for owners and
 * admins: the same people who manage the gate's devices (attendance-devices.policy.ts). Their
 * punches arrive through the kiosk and iclock routes, which carry no session.
 */
export const otherUserEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/other-users',
    access: MANAGER_ACCESS,
    tool: 'sentinel-attendance',
    tags,
    resource,
    summary: 'Staff, guards and visitors with their access codes and QR payloads',
    params: accountParams,
    response: otherUserListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/other-users',
    access: MANAGER_ACCESS,
    tool: 'sentinel-attendance',
    tags,
    summary: 'Add a staff member, guard or visitor; an access code is given at once',
    params: accountParams,
    body: otherUserInputSchema,
    response: otherUserSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/other-users/:otherUserId',
    access: MANAGER_ACCESS,
    tool: 'sentinel-attendance',
    tags,
    summary: 'Change name, phone, role or validity (the access code stays)',
    params: otherUserParams,
    body: otherUserInputSchema,
    response: otherUserSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/other-users/:otherUserId',
    access: MANAGER_ACCESS,
    tool: 'sentinel-attendance',
    tags,
    summary: 'Remove an other user with their entry/exit log; their code stops working',
    params: otherUserParams,
    response: okSchema,
  }),
  log: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/other-users-log',
    access: MANAGER_ACCESS,
    tool: 'sentinel-attendance',
    tags,
    resource,
    summary: "One day's entries and exits of other users (today when no day is given)",
    params: accountParams,
    query: otherUserLogQuerySchema,
    response: otherUserLogSchema,
  }),
};
