import { z } from 'zod';
import { endpoint } from '../contracts/endpoint';
import {
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '../contracts/webhooks';
import { accountParams, idParam, MANAGER_ACCESS, okSchema } from './common';

// An account's webhook endpoints, their secrets and delivery logs. Only the account's owner may
// call these (webhooks.policy.ts): admins of a team and assistants are refused by the service.

const tags = ['webhooks'];
const endpointParams = accountParams.extend({ endpointId: idParam });

export const webhookEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/webhooks',
    access: MANAGER_ACCESS,
    tags,
    resource: 'webhooks',
    summary: "The account's webhook endpoints and the events one may subscribe to",
    params: accountParams,
    response: webhookEndpointListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/webhooks',
    access: MANAGER_ACCESS,
    tags,
    summary:
      'Register an endpoint (https only; private, loopback, link-local, CGNAT, multicast and metadata addresses are refused). Answers its whsec_ secret once',
    params: accountParams,
    body: webhookEndpointInputSchema,
    response: webhookEndpointWithSecretSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/webhooks/:endpointId',
    access: MANAGER_ACCESS,
    tags,
    summary: "Change an endpoint's URL, description, events or whether it is on",
    params: endpointParams,
    body: webhookEndpointInputSchema,
    response: webhookEndpointSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/webhooks/:endpointId',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Delete an endpoint and its delivery log',
    params: endpointParams,
    response: okSchema,
  }),
  rotateSecret: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/webhooks/:endpointId/rotate',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Replace the signing secret; the old one stops signing at once. Answers the new secret once',
    params: endpointParams,
    response: webhookEndpointWithSecretSchema,
  }),
  deliveries: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/webhooks/:endpointId/deliveries',
    access: MANAGER_ACCESS,
    tags,
    resource: 'webhooks',
    summary: "An endpoint's latest deliveries: status, attempts, the last response code and time",
    params: endpointParams,
    response: webhookDeliveryListSchema,
  }),
  replay: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/webhooks/:endpointId/deliveries/:deliveryId/replay',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Send a delivery again, with the same webhook-id and body, newly signed',
    params: endpointParams.extend({ deliveryId: z.string().min(1) }),
    response: webhookDeliverySchema,
  }),
};
