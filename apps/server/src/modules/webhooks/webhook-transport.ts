import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { allowed, BlockedAddressError, guardedLookup } from './address-guard';

export interface PostResult {
  status: number;
}

/**
 * POSTs one signed delivery. Redirects are answers, never followed (a 3xx is a failure: a
 * redirect could lead past the address guard). The connection resolves through the guard, an IP
 * literal is judged here (Node skips lookup for those), and the whole exchange has `timeoutMs`.
 * The answer's body is read and dropped: only its status counts.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowLoopback: boolean },
): Promise<PostResult> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !allowed(host, options.allowLoopback)) {
    return Promise.reject(new BlockedAddressError(`${host} is an address webhooks may not reach`));
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Batchwise-Webhooks/1',
        },
        lookup: guardedLookup(options.allowLoopback),
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', reject);
      },
    );
    request.on('error', (error) =>
      reject(error.name === 'AbortError' ? new Error(`No answer within ${options.timeoutMs} ms`) : error),
    );
    request.end(body);
  });
}
