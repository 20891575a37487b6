import crypto from 'node:crypto';

// Zoom's webhook signature (zoom/webhook-sample index.js; research/wave3.md §1):
// `x-zm-signature: v0=` + hex(HMAC-SHA256(secret token, `v0:{x-zm-request-timestamp}:{body}`)).

export function zoomSignature(secret: string, timestamp: string, body: string): string {
  return `v0=${crypto.createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

/** Constant-time check of a signature header over the body as received. */
export function zoomSignatureValid(secret: string, timestamp: string, body: string, header: string): boolean {
  const want = Buffer.from(zoomSignature(secret, timestamp, body));
  const got = Buffer.from(header);
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}

/** The answer to `endpoint.url_validation`: the plain token and its HMAC, hex. */
export function zoomUrlValidation(secret: string, plainToken: string) {
  return { plainToken, encryptedToken: crypto.createHmac('sha256', secret).update(plainToken).digest('hex') };
}
