import { endpoint } from '../contracts/endpoint';

// No zod at run time here: the static marketing pages open this stream too, within their budget.

/** Live updates: one long `text/event-stream` answer per browser tab (contracts/live-events.ts). */
export const liveEventsEndpoint = endpoint({
  method: 'GET',
  path: '/api/events',
  access: 'public',
  tags: ['events'],
  summary: 'Live updates (text/event-stream)',
});
