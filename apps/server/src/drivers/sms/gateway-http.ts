import type { GatewayMessage, GatewayResult } from './gateway';

/** How long one gateway request may take before its messages are asked again later. */
export const GATEWAY_TIMEOUT_MS = 15_000;

export type GatewayAnswer =
  | { reached: true; status: number; body: unknown }
  | { reached: false; code: string; reason: string };

/**
 * One POST to a gateway. Never throws: a timeout or a network error is an answer like any other
 * (the caller turns it into `retry`). Reasons name neither the URL nor the body, so no credential
 * can reach a log or a job's last_error through them.
 */
export async function postToGateway(
  url: string,
  init: { headers: Record<string, string>; body: string },
  timeoutMs: number,
): Promise<GatewayAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', ...init.headers },
      body: init.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { reached: false, code: 'timeout', reason: `no answer within ${timeoutMs} ms` };
    }
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    return {
      reached: false,
      code: 'network',
      reason: `could not reach the SMS gateway${typeof cause === 'string' ? ` (${cause})` : ''}`,
    };
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: left null; the driver decides from the HTTP status.
  }
  return { reached: true, status: response.status, body };
}

type WithoutKey<T> = T extends unknown ? Omit<T, 'key'> : never;
/** A result before it is given to a message. */
export type GatewayOutcome = WithoutKey<GatewayResult>;

/** The same outcome for every message of a request the gateway answered as a whole. */
export function sameForAll(messages: readonly GatewayMessage[], outcome: GatewayOutcome): GatewayResult[] {
  return messages.map((m) => ({ key: m.key, ...outcome }));
}

/** Gateway numbers are 8801XXXXXXXXX: ours are +8801XXXXXXXXX. */
export function gatewayNumber(to: string): string {
  return to.replace(/^\+/, '');
}

/** A gateway's own words, bounded so a misbehaving gateway cannot flood a log line. */
export function gatewayReason(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : fallback;
}
