import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Smaller answers are sent as they are: here and by @fastify/compress (app.ts). */
export const COMPRESS_THRESHOLD = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
/**
 * Quality 5, not brotli's default 11: on a 7.7 kB list page 11 took 17 ms of the event loop and
 * saved 40 bytes over 5 (0.3 ms). Under real traffic most pages are read a few times between
 * writes, so a page is compressed about as often as it is sent (the data path capability's traffic bench).
 */
const BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  [constants.BROTLI_PARAM_QUALITY]: 5,
};

/**
 * A frozen answer (a kept list page, lib/serializer.ts) is the same bytes for every caller until
 * the data changes, so it is compressed once per encoding and kept beside it, instead of by
 * @fastify/compress on every response: compressing the list's first page cost several times more
 * than answering it. Routes opt in with `config.precompress`; @fastify/compress leaves a response
 * that already has a content encoding alone, and still compresses everything else.
 */
export function registerPrecompressed(app: FastifyInstance): void {
  const negotiator = new Negotiator<Encoding>({ supportedValues: [...ENCODINGS] });
  // Per request: the frozen answer being sent. Per answer: its compressed forms, or 'small'.
  const answers = new WeakMap<FastifyRequest, object>();
  const compressed = new WeakMap<object, Map<Encoding, Buffer> | 'small'>();

  function remember(request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: () => void) {
    if (payload !== null && typeof payload === 'object' && Object.isFrozen(payload))
      answers.set(request, payload);
    done();
  }

  function send(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ) {
    const answer = answers.get(request);
    const accepted = request.headers['accept-encoding'];
    const encoding = accepted ? negotiator.negotiate(accepted) : null;
    if (
      !answer ||
      !encoding ||
      typeof payload !== 'string' ||
      reply.statusCode !== 200 ||
      request.headers['x-no-compression'] !== undefined
    ) {
      done(null, payload);
      return;
    }
    let forms = compressed.get(answer);
    if (!forms) {
      forms = Buffer.byteLength(payload) < COMPRESS_THRESHOLD ? 'small' : new Map();
      compressed.set(answer, forms);
    }
    if (forms === 'small') {
      done(null, payload);
      return;
    }
    let body = forms.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(payload, { params: BROTLI_PARAMS })
          : gzipSync(payload, { level: 6 });
      forms.set(encoding, body);
    }
    reply.header('content-encoding', encoding);
    reply.header('vary', 'accept-encoding');
    reply.header('content-length', body.length);
    done(null, body);
  }

  app.addHook('onRoute', (route) => {
    if (!route.config?.precompress) return;
    // First among the route's onSend hooks, so compression finds the work done.
    route.preSerialization = [...(route.preSerialization ? [route.preSerialization].flat() : []), remember];
    route.onSend = [send, ...(route.onSend ? [route.onSend].flat() : [])];
  });
}
