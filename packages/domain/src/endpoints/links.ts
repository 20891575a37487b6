import { z } from 'zod';
import { signedInSchema } from '../contracts/auth';
import { endpoint } from '../contracts/endpoint';
import {
  accessCodePageSchema,
  accessCodeQuerySchema,
  accessCodeSchema,
  authLinkListSchema,
  autoLoginSchema,
  issuedLinkSchema,
  linkRequestSchema,
  livePhotoInfoSchema,
  shortLinkRequestSchema,
  shortLinkSchema,
} from '../contracts/student-links';
import { accountParams, idParam, MANAGER_ACCESS, okSchema, STAFF_ACCESS, studentParams } from './common';

const tags = ['links'];
const keyParams = z.object({ key: z.string().min(1).max(200) });

/**
 * Sign-in links, live photo links, access codes and short links (spec part 1 §2.3, §3). The
 * public ones carry a key instead of a session.
 */
export const linkEndpoints = {
  studentAuthLink: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/students/:studentId/auth-link',
    access: STAFF_ACCESS,
    tags,
    summary: "A student's auto-login link, valid 180 days (replaces the previous one)",
    params: studentParams,
    body: linkRequestSchema,
    response: issuedLinkSchema,
  }),
  teacherAuthLink: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/auth-link',
    access: MANAGER_ACCESS,
    tags,
    summary: "The teacher's own sign-in link (ManageAuth), valid 180 days",
    params: accountParams,
    body: linkRequestSchema,
    response: issuedLinkSchema,
  }),
  authLinks: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/auth-links',
    access: MANAGER_ACCESS,
    tags,
    summary: 'Live sign-in links of the account',
    params: accountParams,
    response: authLinkListSchema,
  }),
  revokeAuthLink: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/auth-links/:linkId',
    access: MANAGER_ACCESS,
    tags,
    summary: 'End a sign-in link now',
    params: accountParams.extend({ linkId: idParam }),
    response: okSchema,
  }),
  autoLogin: endpoint({
    method: 'POST',
    path: '/api/auth/auto-login',
    access: 'public',
    tags,
    summary: 'Sign in with the key of an auto-login link (/s-auto-login?key=…)',
    body: autoLoginSchema,
    response: signedInSchema,
  }),
  photoLink: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/students/:studentId/photo-link',
    access: STAFF_ACCESS,
    tags,
    summary: 'A live photo link (/take-picture?key=…), spent by its first upload',
    params: studentParams,
    body: linkRequestSchema,
    response: issuedLinkSchema,
  }),
  livePhotoInfo: endpoint({
    method: 'GET',
    path: '/api/live-photo/:key',
    access: 'public',
    tags,
    resource: 'live-photo',
    summary: 'Whose photo a live photo link asks for',
    params: keyParams,
    response: livePhotoInfoSchema,
  }),
  livePhotoUpload: endpoint({
    method: 'POST',
    path: '/api/live-photo/:key',
    access: 'public',
    tags,
    summary: 'Upload the photo of a live photo link (multipart field "file"); the link then expires',
    params: keyParams,
    response: z.object({
      avatarUrl: z.string(),
      code: z.literal('LIVE_PHOTO_SAVED'),
      message: z.string(),
    }),
  }),
  accessCode: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/students/:studentId/access-code',
    access: STAFF_ACCESS,
    tags,
    resource: 'access-codes',
    summary: "A student's QR payload and RFID code",
    params: studentParams,
    response: accessCodeSchema,
  }),
  accessCodes: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/access-codes',
    access: STAFF_ACCESS,
    tags,
    resource: 'access-codes',
    summary: "Every student's access code, for the printable sheet",
    params: accountParams,
    query: accessCodeQuerySchema,
    response: accessCodePageSchema,
  }),
  shorten: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/short-links',
    access: STAFF_ACCESS,
    tags,
    summary: 'Shorten a link of this app for an SMS (/r/{code})',
    params: accountParams,
    body: shortLinkRequestSchema,
    response: shortLinkSchema,
  }),
};
