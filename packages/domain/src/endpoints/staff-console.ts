import { z } from 'zod';
import { endpoint } from '../contracts/endpoint';
import { maintenanceSchema } from '../contracts/notices';
import {
  labelInputSchema,
  labelListSchema,
  labelSchema,
  maintenanceChangeSchema,
  staffAccountDetailSchema,
  staffAccountSearchQuerySchema,
  staffAccountSearchSchema,
  suspensionChangeSchema,
} from '../contracts/staff-console';
import { accountParams, idParam, okSchema, PLATFORM_STAFF_ACCESS } from './common';

const tags = ['staff'];
const labelParams = z.object({ labelId: idParam });

/** The staff console: find accounts, read one, suspend or restore it, and label it. */
export const staffConsoleEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/api/staff/accounts',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    resource: 'staff-accounts',
    summary: 'Find accounts by e-mail, phone, institution, id or referral code, or by label',
    query: staffAccountSearchQuerySchema,
    response: staffAccountSearchSchema,
  }),
  account: endpoint({
    method: 'GET',
    path: '/api/staff/accounts/:accountId',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    resource: 'staff-accounts',
    summary: "An account's owner, plan, usage, team, devices and recent activity",
    params: accountParams,
    response: staffAccountDetailSchema,
  }),
  setSuspension: endpoint({
    method: 'PUT',
    path: '/api/staff/accounts/:accountId/suspension',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'Suspend an account (its people may read and export, not write) or restore it, with a reason',
    params: accountParams,
    body: suspensionChangeSchema,
    response: okSchema,
  }),
  labels: endpoint({
    method: 'GET',
    path: '/api/staff/labels',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    resource: 'staff-accounts',
    summary: 'The labels staff put on accounts, with how many carry each',
    response: labelListSchema,
  }),
  createLabel: endpoint({
    method: 'POST',
    path: '/api/staff/labels',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'Make a label',
    body: labelInputSchema,
    response: labelSchema,
    status: 201,
  }),
  deleteLabel: endpoint({
    method: 'DELETE',
    path: '/api/staff/labels/:labelId',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'Delete a label (it comes off every account)',
    params: labelParams,
    response: okSchema,
  }),
  attachLabel: endpoint({
    method: 'PUT',
    path: '/api/staff/accounts/:accountId/labels/:labelId',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'Put a label on an account',
    params: accountParams.extend({ labelId: idParam }),
    response: okSchema,
  }),
  detachLabel: endpoint({
    method: 'DELETE',
    path: '/api/staff/accounts/:accountId/labels/:labelId',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'Take a label off an account',
    params: accountParams.extend({ labelId: idParam }),
    response: okSchema,
  }),
};

/** Maintenance mode: anyone reads it; staff switch it. */
export const maintenanceEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/api/maintenance',
    access: 'public',
    tags,
    resource: 'maintenance',
    summary: 'Is the platform under maintenance, and its message',
    response: maintenanceSchema,
  }),
  set: endpoint({
    method: 'PUT',
    path: '/api/staff/maintenance',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'Switch maintenance mode on with a message, or off',
    body: maintenanceChangeSchema,
    response: maintenanceSchema,
  }),
};
