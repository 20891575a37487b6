import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@batchwise/domain';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year (their names change
 * with their content); everything else revalidates. Any non-API GET that matches no file gets
 * index.html so the client router can show the page (or its own 404).
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (!hasBuild) app.log.warn({ webDist }, 'web app is not built; run `npm run build` to serve it');

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      serve: false,
      // Files are served from our own routes below, which declare their access like every route.
    });
    app.get('/assets/*', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) =>
      reply.sendFile(`assets/${(request.params as { '*': string })['*']}`, {
        immutable: true,
        maxAge: '365d',
      }),
    );
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });

  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 300, timeWindow: '1 minute' }) },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isApi = url === '/api' || url.startsWith('/api/');
      if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
        const file = safeFile(webDist, url);
        if (file) return reply.header('cache-control', 'no-cache').sendFile(file, { cacheControl: false });
        return sendIndex(reply);
      }
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: MESSAGES.NOT_FOUND } });
    },
  );
}

/** A real file inside the build (favicon, locale JSON, fonts), never outside it. */
function safeFile(root: string, url: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return undefined;
  }
  const full = path.resolve(root, `.${decoded}`);
  if (!full.startsWith(root + path.sep)) return undefined;
  try {
    return fs.statSync(full).isFile() ? path.relative(root, full) : undefined;
  } catch {
    return undefined;
  }
}
