/**
 * What the SMS dispatcher needs of a gateway: send a batch of messages, each with our
 * own key, and say per message whether the gateway took it, refused it for good, or should be
 * asked again later. Drivers: the console outbox (local use), BulkSMSBD and SSL Wireless ISMS v3
 * (research/integrations.md §3), chosen by configuration; tests run the HTTP drivers against the
 * loopback stand-in, which speaks both protocols.
 */

export interface GatewayMessage {
  /**
   * Our id of this message, unique for ever. Sent as the gateway's client message id where it has
   * one (SSL Wireless `csms_id`), which makes a repeated request harmless; the console outbox keeps
   * one row per key.
   */
  key: string;
  /** A normalised Bangladeshi number, +8801XXXXXXXXX. */
  to: string;
  text: string;
  /**
   * The institution's approved masking name, given only to a gateway that takes masks
   * (`masking`); absent, the message goes under the platform's configured sender.
   */
  sender?: string;
}

export type GatewayResult =
  /** The gateway took the message; `providerId` is its own id when it gives one. */
  | { key: string; outcome: 'accepted'; providerId: string | null }
  /** The gateway will never take this message (bad number, a mask that needs Bangla…): no retry. */
  | { key: string; outcome: 'refused'; code: string; reason: string }
  /**
   * Not taken now (throttled, timed out, 5xx, balance): ask again later. `throttled` when the
   * gateway said the request came too soon after others, which a short wait cures.
   */
  | { key: string; outcome: 'retry'; code: string; reason: string; throttled?: true };

/** A delivery report: what the handset side finally said of a message we sent. */
export interface DeliveryReport {
  key: string;
  status: 'delivered' | 'undelivered';
  reason: string | null;
  at: number;
}

export interface SmsGateway {
  readonly name: 'console' | 'bulksmsbd' | 'sslwireless';
  /** Whether a request repeated with the same keys is harmless (the gateway de-duplicates them). */
  readonly idempotent: boolean;
  /** Most messages one request may carry; the dispatcher splits larger sends. */
  readonly batchSize: number;
  /**
   * Sends under an institution's own masking name given per request (research/integrations.md
   * §3.1 BulkSMSBD `senderid`); SSL Wireless's `sid` is a sender profile SSL sets up for the API
   * token, so it sends under the platform's sender only.
   */
  readonly masking: boolean;
  /** One result per message, in any order; a whole-request failure answers `retry` for each. */
  send(messages: readonly GatewayMessage[]): Promise<GatewayResult[]>;
}
