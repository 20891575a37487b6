import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' lets pages compile WebAssembly (never eval JavaScript); connect-src still
  // keeps the .wasm on our own origin. The attendance kiosk's QR reader is ZXing compiled to
  // .wasm; without it Chromium refuses WebAssembly.instantiate.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  // Ant Design writes its CSS-in-JS into <style> elements at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * Helmet's headers, worked out once at start-up. Our policy has no per-request parts (no CSP
 * nonces), so running helmet on every request would only repeat the same work: measured, it
 * halved the throughput of small JSON routes.
 */
/** Extra sources for configured third-party embeds (map, videos, support chat); none by default. */
export interface CspAllowances {
  scriptSrc?: string[];
  connectSrc?: string[];
  imgSrc?: string[];
  frameSrc?: string[];
}

function directivesWith(extra: CspAllowances) {
  return {
    ...CSP_DIRECTIVES,
    scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...(extra.scriptSrc ?? [])],
    connectSrc: [...CSP_DIRECTIVES.connectSrc, ...(extra.connectSrc ?? [])],
    imgSrc: [...CSP_DIRECTIVES.imgSrc, ...(extra.imgSrc ?? [])],
    ...(extra.frameSrc?.length ? { frameSrc: ["'self'", ...extra.frameSrc] } : {}),
  };
}

export function securityHeaders(extra: CspAllowances = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet({
    contentSecurityPolicy: { directives: directivesWith(extra) },
    // Uploaded pictures are shown by pages of the same origin only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  })({} as IncomingMessage, res, () => {});
  return headers;
}

/**
 * JSON responses are never rendered as documents, so the document policies (CSP sources, opener
 * and embedder policies…) mean nothing there. The OWASP REST set is what applies: no framing, no
 * sniffing, no caching of possibly private data. It also keeps small responses small.
 */
export function apiSecurityHeaders(all: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'strict-transport-security': all['strict-transport-security']!,
    'cache-control': 'no-store',
  };
}

export function registerSecurityHeaders(app: FastifyInstance, extra: CspAllowances = {}): void {
  const documentHeaders = securityHeaders(extra);
  const apiHeaders = apiSecurityHeaders(documentHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    const api = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    reply.headers(api ? apiHeaders : documentHeaders);
    done();
  });
}
