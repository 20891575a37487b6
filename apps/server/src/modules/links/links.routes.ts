import { linkEndpoints as endpoints, MESSAGES } from '@batchwise/domain';
import { z } from 'zod';
import type { Storage } from '../../drivers/storage/storage';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { setSessionCookie } from '../../plugins/authenticate';
import { uploadRoutes } from '../../plugins/uploads';
import { readPicture, storePicture } from '../media/images';
import { publicLinkLimit } from '../rate-limit/public-link-limit';
import { isHeaderSafePath } from './app-path';
import type { LinksService } from './links.service';

/** A picture is processed on upload: fewer than the link's reads, still more than a class's worth. */
const photoUploadLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

export function linksRoutes(
  app: TypedApp,
  links: LinksService,
  deps: { storage: Storage; clock: { now(): number }; sessionMaxAgeMs: number },
): void {
  route(app, endpoints.studentAuthLink, (request) =>
    links.studentAuthLink(
      request.principal!,
      request.params.accountId,
      request.params.studentId,
      request.body.sendSms,
    ),
  );
  route(app, endpoints.teacherAuthLink, (request) =>
    links.teacherAuthLink(request.principal!, request.params.accountId, request.body.sendSms),
  );
  route(app, endpoints.authLinks, async (request) => ({
    links: await links.authLinks(request.principal!, request.params.accountId),
  }));
  route(app, endpoints.revokeAuthLink, async (request) => {
    await links.revokeAuthLink(request.principal!, request.params.accountId, request.params.linkId);
    return { ok: true as const };
  });
  route(
    app,
    endpoints.autoLogin,
    async (request, reply) => {
      const result = await links.autoLogin(request.body.key, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        previousSessionId: request.principal?.session.id,
      });
      setSessionCookie(request, reply, result.token, deps.sessionMaxAgeMs);
      return { userId: result.userId, homePath: result.homePath };
    },
    { config: publicLinkLimit },
  );
  route(app, endpoints.photoLink, (request) =>
    links.livePhotoLink(
      request.principal!,
      request.params.accountId,
      request.params.studentId,
      request.body.sendSms,
    ),
  );
  route(app, endpoints.livePhotoInfo, (request) => links.livePhotoInfo(request.params.key), {
    config: publicLinkLimit,
  });
  uploadRoutes(app, (uploads) => {
    route(
      uploads,
      endpoints.livePhotoUpload,
      async (request) => ({
        avatarUrl: await links.livePhotoUpload(
          request.params.key,
          async () => readPicture(await request.file()),
          (body) => storePicture(deps.storage, 'students', body, deps.clock.now()),
        ),
        code: 'LIVE_PHOTO_SAVED' as const,
        message: MESSAGES.LIVE_PHOTO_SAVED,
      }),
      { config: photoUploadLimit, schema: { consumes: ['multipart/form-data'] } },
    );
  });
  route(app, endpoints.accessCode, (request) =>
    links.accessCode(request.principal!, request.params.accountId, request.params.studentId),
  );
  route(app, endpoints.accessCodes, (request) =>
    links.accessCodes(request.principal!, request.params.accountId, request.query),
  );
  route(app, endpoints.shorten, (request) =>
    links.shorten(request.principal!, request.params.accountId, request.body.url),
  );

  // The short links in SMS: a redirect for browsers, not an API endpoint.
  app.get(
    '/r/:code',
    {
      config: { access: 'public', ...publicLinkLimit },
      schema: { hide: true, params: z.object({ code: z.string().min(1).max(100) }) },
    },
    async (request, reply) => {
      const target = await links.follow(request.params.code);
      // An unknown or expired code lands on the app's own not-found page, and so does a target
      // Node could not put in a header (the redirect must never become a 500).
      const location = target !== undefined && isHeaderSafePath(target) ? target : '/404';
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );
}
