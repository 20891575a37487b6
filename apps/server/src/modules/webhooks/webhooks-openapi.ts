import {
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  webhookEventDataSchemas,
  webhookPayloadSchema,
} from '@batchwise/domain';
import { z } from 'zod';

const SIGNING = [
  'Each delivery is a POST with a JSON body, signed per Standard Webhooks (standardwebhooks.com):',
  '`webhook-id` (the same for every retry and replay of one event to one endpoint: use it to drop repeats),',
  '`webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of',
  "`{webhook-id}.{webhook-timestamp}.{body}` keyed with the base64 part of the endpoint's `whsec_` secret).",
  `A 2xx answer within ${WEBHOOK_LIMITS.timeoutMs / 1000} s is success; anything else, a redirect included`,
  `(redirects are never followed), is retried with exponential backoff, up to ${WEBHOOK_LIMITS.maxAttempts} attempts.`,
  'An endpoint whose delivery fails every attempt, with no delivery answered 2xx meanwhile, is turned off and',
  "the account's owner is e-mailed. Endpoint URLs must be https:// and resolve to public addresses: private,",
  'loopback, link-local (including 169.254.169.254), CGNAT, multicast and reserved addresses are refused when',
  'the endpoint is registered and again at every delivery.',
].join(' ');

const header = (name: string, description: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
});

/**
 * The events an endpoint can receive, for the OpenAPI document (`x-webhooks`, the OpenAPI 3.0
 * form of 3.1's `webhooks`): one entry per event with its body's schema from the contracts.
 */
export function webhooksOpenApi(): { tag: { name: string; description: string }; events: object } {
  const events = Object.fromEntries(
    WEBHOOK_EVENTS.map((type) => [
      type,
      {
        post: {
          tags: ['webhooks'],
          summary: `The ${type} event`,
          description: SIGNING,
          parameters: [
            header('webhook-id', 'The delivery id: the same on every retry and replay'),
            header('webhook-timestamp', 'When this attempt was signed (Unix seconds)'),
            header('webhook-signature', 'v1,<base64 HMAC-SHA256>'),
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: z.toJSONSchema(
                  webhookPayloadSchema.extend({
                    type: z.literal(type),
                    data: webhookEventDataSchemas[type],
                  }),
                  { target: 'openapi-3.0', io: 'input' },
                ),
              },
            },
          },
          responses: { '2XX': { description: 'Received: not sent again' } },
        },
      },
    ]),
  );
  return { tag: { name: 'webhooks', description: SIGNING }, events };
}
