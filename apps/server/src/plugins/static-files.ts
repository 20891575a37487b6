import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD } from './precompressed';

// The built web app's files (the page shell, scripts, styles, locale files) served from memory:
// each is read once and compressed once per encoding, off the event loop, then sent as the same
// bytes to everyone. The page shell is what every family behind one carrier address loads (a
// report or pay link), so it costs no disk read, no compression and no rate-limit write.

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};
/** Already compressed formats gain nothing from another pass. */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.svg',
  '.txt',
  '.xml',
  '.ico',
  '.ttf',
]);
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
const compressWith: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // Once per file, in the thread pool: the best ratio costs nothing on later requests.
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};
/** Larger files (none in a build today) are read from disk each time rather than held. */
const MAX_HELD_BYTES = 8 * 1024 * 1024;

interface HeldFile {
  mtimeMs: number;
  size: number;
  body: Buffer;
  type: string;
  etag: string;
  forms: Map<Encoding, Promise<Buffer>>;
}

export class StaticFiles {
  private readonly held = new Map<string, HeldFile>();
  private readonly negotiator = new Negotiator<Encoding>({ supportedValues: [...ENCODINGS] });

  constructor(private readonly root: string) {}

  /** The build's path of a URL when it names a real file inside the build, never outside it. */
  find(url: string): string | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(url);
    } catch {
      return undefined;
    }
    const full = path.resolve(this.root, `.${decoded}`);
    if (!full.startsWith(this.root + path.sep)) return undefined;
    try {
      return fs.statSync(full).isFile() ? full : undefined;
    } catch {
      return undefined;
    }
  }

  /** Sends a file of the build (a path `find` gave), compressed as the client accepts. */
  async send(request: FastifyRequest, reply: FastifyReply, file: string, cacheControl: string) {
    const held = this.hold(file);
    reply.header('content-type', held.type).header('cache-control', cacheControl).header('etag', held.etag);
    if (request.headers['if-none-match'] === held.etag) return reply.code(304).send();
    const accepted = request.headers['accept-encoding'];
    const encoding =
      accepted && COMPRESSIBLE.has(path.extname(file)) && held.size >= COMPRESS_THRESHOLD
        ? this.negotiator.negotiate(accepted)
        : null;
    reply.header('vary', 'accept-encoding');
    if (!encoding) return reply.header('content-length', held.size).send(held.body);
    let form = held.forms.get(encoding);
    if (!form) {
      form = compressWith[encoding](held.body);
      held.forms.set(encoding, form);
    }
    const body = await form;
    return reply.header('content-encoding', encoding).header('content-length', body.length).send(body);
  }

  /** The file from memory, read again when it changed on disk (a new build in place). */
  private hold(file: string): HeldFile {
    const stat = fs.statSync(file);
    const known = this.held.get(file);
    if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known;
    const body = fs.readFileSync(file);
    const held: HeldFile = {
      mtimeMs: stat.mtimeMs,
      size: body.length,
      body,
      type: TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      forms: new Map(),
    };
    if (body.length <= MAX_HELD_BYTES) this.held.set(file, held);
    return held;
  }
}
