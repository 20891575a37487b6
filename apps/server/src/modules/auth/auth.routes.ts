import {
  forgotPasswordSchema,
  MESSAGES,
  noticeSchema,
  phoneCodeRequestSchema,
  phoneCodeVerifySchema,
  resetPasswordSchema,
  signedInSchema,
  signInSchema,
  signUpSchema,
} from '@batchwise/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TypedApp } from '../../lib/typed-app';
import { clearSessionCookie, setSessionCookie } from '../../plugins/authenticate';
import type { AuthService, RequestMeta, SignedInResult } from './auth.service';

const tags = ['auth'];

function meta(request: FastifyRequest): RequestMeta {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    previousSessionId: request.principal?.session.id,
  };
}

const notice = (code: 'CODE_SENT' | 'RESET_LINK_SENT' | 'PASSWORD_CHANGED') => ({
  code,
  message: MESSAGES[code],
});

export function authRoutes(app: TypedApp, auth: AuthService, sessionMaxAgeMs: number): void {
  const signedIn = (request: FastifyRequest, reply: FastifyReply, result: SignedInResult) => {
    setSessionCookie(request, reply, result.token, sessionMaxAgeMs);
    return { userId: result.userId, homePath: result.homePath };
  };

  app.post(
    '/api/auth/sign-up',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Create a Teacher or Admin account and sign in',
        body: signUpSchema,
        response: { 200: signedInSchema },
      },
    },
    async (request, reply) => signedIn(request, reply, await auth.signUp(request.body, meta(request))),
  );

  app.post(
    '/api/auth/sign-in',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: signInSchema,
        response: { 200: signedInSchema },
      },
    },
    async (request, reply) =>
      signedIn(
        request,
        reply,
        await auth.signInWithPassword(request.body.email, request.body.password, meta(request)),
      ),
  );

  app.post(
    '/api/auth/phone/code',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Send a 6-digit sign-in code by SMS',
        body: phoneCodeRequestSchema,
        response: { 200: noticeSchema },
      },
    },
    async (request) => {
      await auth.requestPhoneCode(request.body.phone, meta(request));
      return notice('CODE_SENT');
    },
  );

  app.post(
    '/api/auth/phone/verify',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in with the code from the SMS',
        body: phoneCodeVerifySchema,
        response: { 200: signedInSchema },
      },
    },
    async (request, reply) =>
      signedIn(
        request,
        reply,
        await auth.verifyPhoneCode(request.body.phone, request.body.code, meta(request)),
      ),
  );

  app.post(
    '/api/auth/password/forgot',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'E-mail a password reset link',
        body: forgotPasswordSchema,
        response: { 200: noticeSchema },
      },
    },
    async (request) => {
      await auth.requestPasswordReset(request.body.email, meta(request));
      return notice('RESET_LINK_SENT');
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        body: resetPasswordSchema,
        response: { 200: noticeSchema },
      },
    },
    async (request, reply) => {
      await auth.resetPassword(request.body.token, request.body.password);
      clearSessionCookie(reply);
      return notice('PASSWORD_CHANGED');
    },
  );

  app.post(
    '/api/auth/sign-out',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'End this session', response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (request, reply) => {
      await auth.signOut(request.principal!.session.id);
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  );
}
