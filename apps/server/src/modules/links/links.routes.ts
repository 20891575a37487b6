import {
  accessCodePageSchema,
  accessCodeQuerySchema,
  accessCodeSchema,
  authLinkListSchema,
  autoLoginSchema,
  issuedLinkSchema,
  linkRequestSchema,
  livePhotoInfoSchema,
  MESSAGES,
  shortLinkRequestSchema,
  shortLinkSchema,
  signedInSchema,
} from '@batchwise/domain';
import { z } from 'zod';
import type { Storage } from '../../drivers/storage/storage';
import type { TypedApp } from '../../lib/typed-app';
import { setSessionCookie } from '../../plugins/authenticate';
import { uploadRoutes } from '../../plugins/uploads';
import { readPicture, storePicture } from '../media/images';
import { isHeaderSafePath } from './app-path';
import type { LinksService } from './links.service';

const tags = ['links'];
const accountParams = z.object({ accountId: z.string().min(1) });
const studentParams = accountParams.extend({ studentId: z.string().min(1) });
const keyParams = z.object({ key: z.string().min(1).max(200) });
const staff = { roles: ['Teacher', 'Admin', 'TeacherAssistant'] } as const;
const managers = { roles: ['Teacher', 'Admin'] } as const;
// Keys are 192-bit random, so guessing is hopeless anyway; the limit keeps scanners cheap to serve
// while a school's students behind one address can still open their links.
const publicLimit = { max: 120, timeWindow: '1 minute' };

export function linksRoutes(
  app: TypedApp,
  links: LinksService,
  deps: { storage: Storage; clock: { now(): number }; sessionMaxAgeMs: number },
): void {
  app.post(
    '/api/accounts/:accountId/students/:studentId/auth-link',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: "A student's auto-login link, valid 180 days (replaces the previous one)",
        params: studentParams,
        body: linkRequestSchema,
        response: { 200: issuedLinkSchema },
      },
    },
    async (request) =>
      links.studentAuthLink(
        request.principal!,
        request.params.accountId,
        request.params.studentId,
        request.body.sendSms,
      ),
  );

  app.post(
    '/api/accounts/:accountId/auth-link',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: "The teacher's own sign-in link (ManageAuth), valid 180 days",
        params: accountParams,
        body: linkRequestSchema,
        response: { 200: issuedLinkSchema },
      },
    },
    async (request) =>
      links.teacherAuthLink(request.principal!, request.params.accountId, request.body.sendSms),
  );

  app.get(
    '/api/accounts/:accountId/auth-links',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Live sign-in links of the account',
        params: accountParams,
        response: { 200: authLinkListSchema },
      },
    },
    async (request) => ({ links: await links.authLinks(request.principal!, request.params.accountId) }),
  );

  app.delete(
    '/api/accounts/:accountId/auth-links/:linkId',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'End a sign-in link now',
        params: accountParams.extend({ linkId: z.string().min(1) }),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await links.revokeAuthLink(request.principal!, request.params.accountId, request.params.linkId);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/auto-login',
    {
      config: { access: 'public', rateLimit: publicLimit },
      schema: {
        tags,
        summary: 'Sign in with the key of an auto-login link (/s-auto-login?key=…)',
        body: autoLoginSchema,
        response: { 200: signedInSchema },
      },
    },
    async (request, reply) => {
      const result = await links.autoLogin(request.body.key, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        previousSessionId: request.principal?.session.id,
      });
      setSessionCookie(request, reply, result.token, deps.sessionMaxAgeMs);
      return { userId: result.userId, homePath: result.homePath };
    },
  );

  app.post(
    '/api/accounts/:accountId/students/:studentId/photo-link',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'A live photo link (/take-picture?key=…), spent by its first upload',
        params: studentParams,
        body: linkRequestSchema,
        response: { 200: issuedLinkSchema },
      },
    },
    async (request) =>
      links.livePhotoLink(
        request.principal!,
        request.params.accountId,
        request.params.studentId,
        request.body.sendSms,
      ),
  );

  app.get(
    '/api/live-photo/:key',
    {
      config: { access: 'public', rateLimit: publicLimit },
      schema: {
        tags,
        summary: 'Whose photo a live photo link asks for',
        params: keyParams,
        response: { 200: livePhotoInfoSchema },
      },
    },
    async (request) => links.livePhotoInfo(request.params.key),
  );

  uploadRoutes(app, (uploads) => {
    uploads.post(
      '/api/live-photo/:key',
      {
        config: { access: 'public', rateLimit: publicLimit },
        schema: {
          tags,
          summary: 'Upload the photo of a live photo link (multipart field "file"); the link then expires',
          params: keyParams,
          consumes: ['multipart/form-data'],
          response: {
            200: z.object({
              avatarUrl: z.string(),
              code: z.literal('LIVE_PHOTO_SAVED'),
              message: z.string(),
            }),
          },
        },
      },
      async (request) => ({
        avatarUrl: await links.livePhotoUpload(
          request.params.key,
          async () => readPicture(await request.file()),
          (body) => storePicture(deps.storage, 'students', body, deps.clock.now()),
        ),
        code: 'LIVE_PHOTO_SAVED' as const,
        message: MESSAGES.LIVE_PHOTO_SAVED,
      }),
    );
  });

  app.get(
    '/api/accounts/:accountId/students/:studentId/access-code',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: "A student's QR payload and RFID code",
        params: studentParams,
        response: { 200: accessCodeSchema },
      },
    },
    async (request) =>
      links.accessCode(request.principal!, request.params.accountId, request.params.studentId),
  );

  app.get(
    '/api/accounts/:accountId/access-codes',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: "Every student's access code, for the printable sheet",
        params: accountParams,
        querystring: accessCodeQuerySchema,
        response: { 200: accessCodePageSchema },
      },
    },
    async (request) => links.accessCodes(request.principal!, request.params.accountId, request.query),
  );

  app.post(
    '/api/accounts/:accountId/short-links',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'Shorten a link of this app for an SMS (/r/{code})',
        params: accountParams,
        body: shortLinkRequestSchema,
        response: { 200: shortLinkSchema },
      },
    },
    async (request) => links.shorten(request.principal!, request.params.accountId, request.body.url),
  );

  app.get(
    '/r/:code',
    {
      config: { access: 'public', rateLimit: publicLimit },
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
