import {
  changePasswordSchema,
  MESSAGES,
  noticeSchema,
  phoneCodeRequestSchema,
  profileUpdateSchema,
} from '@batchwise/domain';
import { z } from 'zod';
import type { TypedApp } from '../../lib/typed-app';
import { uploadRoutes } from '../../plugins/uploads';
import { readPicture } from '../media/images';
import type { ProfileService } from './profile.service';

const tags = ['profile'];
const ok = z.object({ ok: z.literal(true) });

export function profileRoutes(app: TypedApp, profile: ProfileService): void {
  app.put(
    '/api/me/profile',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Change my name and phone', body: profileUpdateSchema, response: { 200: ok } },
    },
    async (request) => {
      await profile.update(request.principal!, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/me/phone/code',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Send a code to a new phone of mine (PUT /api/me/profile takes it as phoneCode)',
        body: phoneCodeRequestSchema,
        response: { 200: noticeSchema },
      },
    },
    async (request) => {
      await profile.sendPhoneCode(request.principal!, request.body.phone);
      return { code: 'PHONE_CODE_SENT' as const, message: MESSAGES.PHONE_CODE_SENT };
    },
  );

  app.post(
    '/api/me/password',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Change my password (ends my other sessions)',
        body: changePasswordSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await profile.changePassword(request.principal!, request.body);
      return { ok: true as const };
    },
  );

  uploadRoutes(app, (uploads) => {
    uploads.post(
      '/api/me/avatar',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Upload my picture (multipart field "file": png, jpg or jpeg, at most 5 MB)',
          consumes: ['multipart/form-data'],
          response: { 200: z.object({ avatarUrl: z.string() }) },
        },
      },
      async (request) => ({
        avatarUrl: await profile.setAvatar(request.principal!, await readPicture(await request.file())),
      }),
    );
  });
}
