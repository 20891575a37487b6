import {
  classroomDetailSchema,
  classroomGrantSchema,
  classroomInputSchema,
  classroomListQuerySchema,
  classroomListSchema,
  classroomSchema,
} from '@batchwise/domain';
import { z } from 'zod';
import type { TypedApp } from '../../lib/typed-app';
import { uploadRoutes } from '../../plugins/uploads';
import { readPicture } from '../media/images';
import type { ClassroomsService } from './classrooms.service';

const tags = ['classrooms'];
const accountParams = z.object({ accountId: z.string().min(1) });
const classroomParams = accountParams.extend({ classroomId: z.string().min(1) });
const staff = { roles: ['Teacher', 'Admin', 'TeacherAssistant'] } as const;
const managers = { roles: ['Teacher', 'Admin'] } as const;
const ok = z.object({ ok: z.literal(true) });

export function classroomsRoutes(app: TypedApp, classrooms: ClassroomsService): void {
  app.get(
    '/api/accounts/:accountId/classrooms',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: "Classrooms the caller may see (an admin's own account: all their teachers')",
        params: accountParams,
        querystring: classroomListQuerySchema,
        response: { 200: classroomListSchema },
      },
    },
    async (request) => ({
      classrooms: await classrooms.list(
        request.principal!,
        request.params.accountId,
        request.query.includeClosed,
      ),
    }),
  );

  app.post(
    '/api/accounts/:accountId/classrooms',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Create a classroom (owners and admins)',
        params: accountParams,
        body: classroomInputSchema,
        response: { 200: classroomSchema },
      },
    },
    async (request) => classrooms.create(request.principal!, request.params.accountId, request.body),
  );

  app.get(
    '/api/accounts/:accountId/classrooms/:classroomId',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'The classroom page: classroom, students, fees and moderators',
        params: classroomParams,
        response: { 200: classroomDetailSchema },
      },
    },
    async (request) =>
      classrooms.detail(request.principal!, request.params.accountId, request.params.classroomId),
  );

  app.put(
    '/api/accounts/:accountId/classrooms/:classroomId',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Edit a classroom (owners and admins)',
        params: classroomParams,
        body: classroomInputSchema,
        response: { 200: classroomSchema },
      },
    },
    async (request) =>
      classrooms.update(
        request.principal!,
        request.params.accountId,
        request.params.classroomId,
        request.body,
      ),
  );

  for (const action of ['close', 'reopen'] as const) {
    app.post(
      `/api/accounts/:accountId/classrooms/:classroomId/${action}`,
      {
        config: { access: managers },
        schema: {
          tags,
          summary: action === 'close' ? 'Close a classroom' : 'Reopen a closed classroom',
          params: classroomParams,
          response: { 200: classroomSchema },
        },
      },
      async (request) =>
        classrooms.setClosed(
          request.principal!,
          request.params.accountId,
          request.params.classroomId,
          action === 'close',
        ),
    );
  }

  uploadRoutes(app, (uploads) => {
    uploads.post(
      '/api/accounts/:accountId/classrooms/:classroomId/avatar',
      {
        config: { access: managers },
        schema: {
          tags,
          summary: 'Upload the classroom picture (multipart field "file"; png, jpg or jpeg)',
          params: classroomParams,
          consumes: ['multipart/form-data'],
          response: { 200: z.object({ avatarUrl: z.string() }) },
        },
      },
      async (request) => ({
        avatarUrl: await classrooms.setAvatar(
          request.principal!,
          request.params.accountId,
          request.params.classroomId,
          async () => readPicture(await request.file()),
        ),
      }),
    );
  });

  app.put(
    '/api/accounts/:accountId/classrooms/:classroomId/assistants/:userId',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: "Set an assistant's flags for this classroom, or block them from it",
        params: classroomParams.extend({ userId: z.string().min(1) }),
        body: classroomGrantSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      const { accountId, classroomId, userId } = request.params;
      await classrooms.setAssistantGrant(request.principal!, accountId, classroomId, userId, request.body);
      return { ok: true as const };
    },
  );
}
