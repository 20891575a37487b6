import { authEndpoints as endpoints, MESSAGES } from '@batchwise/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { clearSessionCookie, setDeviceCookie, setSessionCookie } from '../../plugins/authenticate';
import type { AuthService, RequestMeta, SignedInResult } from './auth.service';
import { DEVICE_COOKIE, DEVICE_TTL_MS } from './known-devices';

function meta(request: FastifyRequest): RequestMeta {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    previousSessionId: request.principal?.session.id,
    deviceToken: request.cookies[DEVICE_COOKIE],
  };
}

const notice = (code: 'CODE_SENT' | 'RESET_LINK_SENT' | 'PASSWORD_CHANGED' | 'SIGN_UP_CHECK_EMAIL') => ({
  code,
  message: MESSAGES[code],
});

export function authRoutes(app: TypedApp, auth: AuthService, sessionMaxAgeMs: number): void {
  const signedIn = (request: FastifyRequest, reply: FastifyReply, result: SignedInResult) => {
    setSessionCookie(request, reply, result.token, sessionMaxAgeMs);
    setDeviceCookie(request, reply, result.deviceToken, DEVICE_TTL_MS);
    return { userId: result.userId, homePath: result.homePath };
  };

  route(app, endpoints.signUp, async (request) => {
    await auth.requestSignUp(request.body, meta(request));
    return notice('SIGN_UP_CHECK_EMAIL');
  });

  route(app, endpoints.signUpConfirm, async (request, reply) =>
    signedIn(request, reply, await auth.confirmSignUp(request.body.token, meta(request))),
  );

  route(app, endpoints.signIn, async (request, reply) =>
    signedIn(
      request,
      reply,
      await auth.signInWithPassword(request.body.email, request.body.password, meta(request)),
    ),
  );

  route(app, endpoints.phoneCode, async (request) => {
    await auth.requestPhoneCode(request.body.phone, meta(request));
    return notice('CODE_SENT');
  });

  route(app, endpoints.phoneVerify, async (request, reply) =>
    signedIn(
      request,
      reply,
      await auth.verifyPhoneCode(request.body.phone, request.body.code, meta(request)),
    ),
  );

  route(app, endpoints.forgotPassword, async (request) => {
    await auth.requestPasswordReset(request.body.email, meta(request));
    return notice('RESET_LINK_SENT');
  });

  route(app, endpoints.resetPassword, async (request, reply) => {
    const deviceToken = await auth.resetPassword(request.body.token, request.body.password, meta(request));
    setDeviceCookie(request, reply, deviceToken, DEVICE_TTL_MS);
    clearSessionCookie(reply);
    return notice('PASSWORD_CHANGED');
  });

  route(app, endpoints.signOut, async (request, reply) => {
    await auth.signOut(request.principal!.session.id);
    clearSessionCookie(reply);
    return { ok: true as const };
  });
}
