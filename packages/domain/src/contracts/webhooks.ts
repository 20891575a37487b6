import { z } from 'zod';
import { timestampField } from './fields';

/**
 * Webhooks for integrators: an account's owner registers HTTPS endpoints and picks events; each
 * event is POSTed as JSON signed per the Standard Webhooks scheme (research/wave3.md §3): headers
 * `webhook-id` (one id per event and endpoint, the same on every retry and replay: the receiver's
 * idempotency key), `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64>`,
 * HMAC-SHA256 of `{id}.{timestamp}.{body}` with the endpoint's `whsec_…` secret).
 */
export const WEBHOOK_EVENTS = [
  'student.created',
  'student.updated',
  'student.archived',
  'payment.recorded',
  'payment.voided',
  'attendance.punch',
  'application.submitted',
  'application.decided',
  'sms.delivered',
  'sms.failed',
  'report_card.published',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/**
 * Delivery rules. A delivery is tried up to `maxAttempts` times, each attempt waiting at most
 * `timeoutMs` for an answer; a 2xx answer is success; anything else (another status, a redirect,
 * a network error, a timeout, an address that resolves somewhere private) is retried by the job
 * queue with exponential backoff (JOB_BACKOFF_MS doubling, capped at an hour). An endpoint is
 * disabled, and the owner e-mailed, when a delivery has failed all its attempts and the endpoint
 * has answered no delivery with 2xx since that delivery was made: a whole retry schedule of
 * silence, not one bad payload among good ones.
 */
export const WEBHOOK_LIMITS = {
  maxAttempts: 6,
  timeoutMs: 10_000,
  endpointsPerAccount: 10,
  deliveriesShown: 50,
} as const;

const id = z.string().describe('A Batchwise id (ULID)');
const nullableText = z.string().nullable();

/** Per event, the `data` an integrator receives: ids and the fields they need, never secrets. */
export const webhookStudentSchema = z.object({
  studentId: id,
  name: z.string(),
  phone: z.string(),
  email: nullableText,
  institution: z.string(),
  customId: nullableText.describe('The ID-prefixed custom ID, when one is set'),
  rfid: nullableText,
  parent1Phone: nullableText,
  parent2Phone: nullableText,
});

export const webhookEventDataSchemas = {
  'student.created': webhookStudentSchema,
  'student.updated': webhookStudentSchema,
  'student.archived': z.object({
    studentIds: z.array(id),
    classroomIds: z.array(id).describe('The classrooms the students left'),
    type: z.enum(['Archive', 'Delete']),
  }),
  'payment.recorded': z.object({
    paymentId: id,
    studentId: id,
    receiptNo: z.number().int(),
    amountPaisa: z.number().int().describe('Negative for a refund'),
    method: z.string(),
    receivedAt: timestampField,
    refundOf: id.nullable(),
  }),
  'payment.voided': z.object({
    paymentId: id,
    studentId: id,
    receiptNo: z.number().int(),
    amountPaisa: z.number().int(),
    reason: z.string(),
  }),
  'attendance.punch': z.object({
    punches: z.array(
      z.object({
        punchId: id,
        studentId: id,
        direction: z.string().describe('in or out'),
        at: timestampField,
        via: z.string().describe('How it was taken: a device, the kiosk, a roll call…'),
      }),
    ),
  }),
  'application.submitted': z.object({
    applicationId: id,
    number: z.number().int().describe("The application's number in the account"),
    name: z.string(),
    phone: z.string(),
    classroomId: id.nullable().describe('The classroom the applicant chose, if any'),
  }),
  'application.decided': z.object({
    applicationId: id,
    decision: z.enum(['accepted', 'rejected']),
    studentId: id.nullable().describe('The student made or linked on acceptance'),
  }),
  'sms.delivered': z.object({
    messageId: id,
    sendId: id,
    studentId: id.nullable(),
    to: z.string(),
    at: timestampField,
  }),
  'sms.failed': z.object({
    messageId: id,
    sendId: id,
    studentId: id.nullable(),
    to: z.string(),
    at: timestampField,
    reason: nullableText,
  }),
  'report_card.published': z.object({
    assessmentId: id,
    classroomId: id,
    term: z.string(),
    name: z.string(),
  }),
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType> = z.input<(typeof webhookEventDataSchemas)[T]>;

/** The JSON body of every delivery (the Standard Webhooks payload shape). */
export const webhookPayloadSchema = z.object({
  type: z.enum(WEBHOOK_EVENTS),
  timestamp: z.string().describe('When the change was made (ISO 8601)'),
  accountId: id,
  data: z.record(z.string(), z.unknown()).describe('The event\'s fields: see "Webhook events"'),
});
export type WebhookPayload = z.output<typeof webhookPayloadSchema>;

/**
 * An endpoint URL: https (loopback http only where the server allows stand-ins); the server also
 * refuses one that resolves to a private, loopback, link-local, CGNAT, multicast or metadata
 * address, at registration and again at every delivery.
 */
const endpointUrl = z
  .string()
  .trim()
  .max(2000)
  .url()
  .refine((u) => /^https?:\/\//i.test(u), { error: 'must start with https://' });

export const webhookEndpointInputSchema = z.object({
  url: endpointUrl,
  description: z.string().trim().max(200).default(''),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export const webhookEndpointSchema = z.object({
  id,
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why the server turned it off (repeated failure); null when on or turned off by the owner. */
  disabledReason: z.enum(['failing']).nullable(),
  disabledAt: timestampField.nullable(),
  secretHint: z.string().describe("The secret's last characters, to tell secrets apart"),
  createdAt: timestampField,
});
export type WebhookEndpointView = z.output<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
});
export type WebhookEndpointList = z.output<typeof webhookEndpointListSchema>;

/** Creation and rotation answer the whole secret, once; it is never shown again. */
export const webhookEndpointWithSecretSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string().describe('whsec_… (Standard Webhooks); shown only in this answer'),
});
export type WebhookEndpointWithSecret = z.output<typeof webhookEndpointWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.string().describe('The webhook-id header: the same on every retry and replay'),
  eventType: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseCode: z.number().int().nullable(),
  lastError: nullableText,
  createdAt: timestampField,
  updatedAt: timestampField,
});
export type WebhookDeliveryView = z.output<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.output<typeof webhookDeliveryListSchema>;
