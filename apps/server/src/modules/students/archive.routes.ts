import {
  archiveListQuerySchema,
  archivePageSchema,
  archiveResultSchema,
  archiveStudentsSchema,
  removeStudentsSchema,
  unarchiveRequestSchema,
  unarchiveResultSchema,
} from '@batchwise/domain';
import { z } from 'zod';
import type { TypedApp } from '../../lib/typed-app';
import type { ArchiveService } from './archive.service';

const tags = ['archive'];
const accountParams = z.object({ accountId: z.string().min(1) });
const staff = { roles: ['Teacher', 'Admin', 'TeacherAssistant'] } as const;

export function archiveRoutes(app: TypedApp, archive: ArchiveService): void {
  app.post(
    '/api/accounts/:accountId/students/remove',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'Remove students from a classroom (archived with type Delete)',
        params: accountParams,
        body: removeStudentsSchema,
        response: { 200: archiveResultSchema },
      },
    },
    async (request) =>
      archive.remove(
        request.principal!,
        request.params.accountId,
        request.body.classroomId,
        request.body.studentIds,
      ),
  );

  app.post(
    '/api/accounts/:accountId/students/archive',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'Archive students (type Archive) from some or all of their classrooms',
        params: accountParams,
        body: archiveStudentsSchema,
        response: { 200: archiveResultSchema },
      },
    },
    async (request) =>
      archive.archive(
        request.principal!,
        request.params.accountId,
        request.body.studentIds,
        request.body.classroomIds,
      ),
  );

  app.get(
    '/api/accounts/:accountId/archive',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: "Archived students with their archived classrooms (an admin's own account: all teachers)",
        params: accountParams,
        querystring: archiveListQuerySchema,
        response: { 200: archivePageSchema },
      },
    },
    async (request) => archive.list(request.principal!, request.params.accountId, request.query),
  );

  app.post(
    '/api/accounts/:accountId/archive/:studentId/unarchive',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'Unarchive a student into chosen archived classrooms (at least one)',
        params: accountParams.extend({ studentId: z.string().min(1) }),
        body: unarchiveRequestSchema,
        response: { 200: unarchiveResultSchema },
      },
    },
    async (request) =>
      archive.unarchive(
        request.principal!,
        request.params.accountId,
        request.params.studentId,
        request.body.classroomIds,
      ),
  );
}
