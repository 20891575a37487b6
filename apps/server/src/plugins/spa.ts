import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@batchwise/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressKey } from '../modules/rate-limit/address-key';
import { StaticFiles } from './static-files';

/**
 * Unknown API paths are limited per address: they are probes, never a page. The web app's files
 * and page shell are not limited at all: many families share one carrier-grade NAT address, and
 * on result day hundreds of them open `/viewreport` links at once; they cost only memory
 * (static-files.ts).
 */
const UNKNOWN_API_LIMIT = {
  max: 300,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `unknown-api:${addressKey(request.ip)}`,
};

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year (their names change
 * with their content); everything else revalidates. Any non-API GET that matches no file gets
 * index.html so the client router can show the page (or its own 404).
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  const indexFile = path.join(root, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (!hasBuild) app.log.warn({ webDist }, 'web app is not built; run `npm run build` to serve it');
  const files = new StaticFiles(root);

  if (hasBuild) {
    app.get('/assets/*', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
      const file = files.find(`/assets/${(request.params as { '*': string })['*']}`);
      if (!file) return notFound(reply);
      return files.send(request, reply, file, 'public, max-age=31536000, immutable');
    });
  }

  const limitUnknownApi = app.rateLimit(UNKNOWN_API_LIMIT);
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      return files.send(request, reply, files.find(url) ?? indexFile, 'no-cache');
    }
    if (isApi) await limitUnknownApi.call(app, request, reply);
    return notFound(reply);
  });
}

function notFound(reply: FastifyReply) {
  return reply.status(404).send({ error: { code: 'NOT_FOUND', message: MESSAGES.NOT_FOUND } });
}
