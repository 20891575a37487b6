import { z } from 'zod';
import { endpoint } from '../contracts/endpoint';
import {
  incidentInputSchema,
  incidentListSchema,
  incidentSchema,
  incidentUpdateInputSchema,
  statusSnapshotSchema,
} from '../contracts/status';
import { idParam, okSchema, PLATFORM_STAFF_ACCESS } from './common';

const tags = ['status'];

/** The public status page's data, and the incidents platform staff post on it. */
export const statusEndpoints = {
  snapshot: endpoint({
    method: 'GET',
    path: '/api/status',
    access: 'public',
    tags,
    summary: 'The state of the API, database, job queue and gateways, incidents and 90 days of history',
    response: statusSnapshotSchema,
  }),
  incidents: endpoint({
    method: 'GET',
    path: '/api/staff/status/incidents',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'Platform staff list the incidents posted on the status page, newest first',
    response: incidentListSchema,
  }),
  createIncident: endpoint({
    method: 'POST',
    path: '/api/staff/status/incidents',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'Platform staff post an incident on the status page',
    body: incidentInputSchema,
    response: incidentSchema,
    status: 201,
  }),
  updateIncident: endpoint({
    method: 'POST',
    path: '/api/staff/status/incidents/:incidentId/updates',
    access: PLATFORM_STAFF_ACCESS,
    tags,
    summary: 'Platform staff add an update to an incident (its new state and what they know)',
    params: z.object({ incidentId: idParam }),
    body: incidentUpdateInputSchema,
    response: incidentSchema,
  }),
  /** Developer tools (DEV_OUTBOX): the local SMS gateway fails for these numbers, for browser tests. */
  smsFaults: endpoint({
    method: 'PUT',
    path: '/api/dev/sms-faults',
    access: 'dev',
    tags,
    summary: 'Make the local SMS gateway fail for the given numbers (developer tools only)',
    body: z.object({ failNumbers: z.array(z.string().regex(/^\+8801\d{9}$/)).max(100) }),
    response: okSchema,
  }),
};
