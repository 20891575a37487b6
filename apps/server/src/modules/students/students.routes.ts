import {
  includeOptionsSchema,
  includeRequestSchema,
  studentDetailSchema,
  studentFieldsInputSchema,
  studentFormSettingsSchema,
  studentListQuerySchema,
  studentPageSchema,
  studentSaveResultSchema,
  studentSaveSchema,
} from '@batchwise/domain';
import { z } from 'zod';
import type { TypedApp } from '../../lib/typed-app';
import { uploadRoutes } from '../../plugins/uploads';
import { readPicture } from '../media/images';
import type { StudentSaveService } from './student-save.service';
import type { StudentsService } from './students.service';

const tags = ['students'];
const accountParams = z.object({ accountId: z.string().min(1) });
const studentParams = accountParams.extend({ studentId: z.string().min(1) });
const staff = { roles: ['Teacher', 'Admin', 'TeacherAssistant'] } as const;

export function studentsRoutes(app: TypedApp, students: StudentsService, saves: StudentSaveService): void {
  app.get(
    '/api/accounts/:accountId/students',
    {
      config: { access: staff, precompress: true },
      schema: {
        tags,
        summary: "The unique student list, paged (an admin's own account: across their teachers)",
        params: accountParams,
        querystring: studentListQuerySchema,
        response: { 200: studentPageSchema },
      },
    },
    // Not async: a kept answer is sent without a promise (the list is the app's busiest read).
    (request) => {
      const { principal, params, query } = request;
      return (
        students.knownList(principal!, params.accountId, query) ??
        students.list(principal!, params.accountId, query)
      );
    },
  );

  app.post(
    '/api/accounts/:accountId/students',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'Add a student (the drawer fields; an empty ID gets the next one)',
        params: accountParams,
        body: studentSaveSchema,
        response: { 200: studentSaveResultSchema },
      },
    },
    async (request) => saves.create(request.principal!, request.params.accountId, request.body),
  );

  app.get(
    '/api/accounts/:accountId/students/:studentId',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: "A student with every classroom of theirs the caller sees (the drawer's data)",
        params: studentParams,
        response: { 200: studentDetailSchema },
      },
    },
    async (request) =>
      students.detail(request.principal!, request.params.accountId, request.params.studentId),
  );

  app.put(
    '/api/accounts/:accountId/students/:studentId',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'Save the drawer: student, parents and classrooms in one transaction',
        params: studentParams,
        body: studentSaveSchema,
        response: { 200: studentSaveResultSchema },
      },
    },
    async (request) =>
      saves.save(request.principal!, request.params.accountId, request.params.studentId, request.body),
  );

  uploadRoutes(app, (uploads) => {
    uploads.post(
      '/api/accounts/:accountId/students/:studentId/photo',
      {
        config: { access: staff },
        schema: {
          tags,
          summary: 'Upload the student picture (multipart field "file"; png, jpg or jpeg; stored square)',
          params: studentParams,
          consumes: ['multipart/form-data'],
          response: { 200: z.object({ avatarUrl: z.string() }) },
        },
      },
      async (request) => ({
        avatarUrl: await students.setPhoto(
          request.principal!,
          request.params.accountId,
          request.params.studentId,
          async () => readPicture(await request.file()),
        ),
      }),
    );
  });

  app.get(
    '/api/accounts/:accountId/students/:studentId/include-options',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'The "Classrooms To Include In" choices',
        params: studentParams,
        response: { 200: includeOptionsSchema },
      },
    },
    async (request) => ({
      classrooms: await students.includeOptions(
        request.principal!,
        request.params.accountId,
        request.params.studentId,
      ),
    }),
  );

  app.post(
    '/api/accounts/:accountId/students/:studentId/include',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'Include the student in classrooms (needs manageStudents on each)',
        params: studentParams,
        body: includeRequestSchema,
        response: { 200: studentSaveResultSchema },
      },
    },
    async (request) =>
      saves.include(
        request.principal!,
        request.params.accountId,
        request.params.studentId,
        request.body.classrooms,
      ),
  );

  app.get(
    '/api/accounts/:accountId/student-fields',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: "Custom student fields, the next student ID and the drawer's mode",
        params: accountParams,
        response: { 200: studentFormSettingsSchema },
      },
    },
    async (request) => students.formSettings(request.principal!, request.params.accountId),
  );

  app.put(
    '/api/accounts/:accountId/student-fields',
    {
      config: { access: { roles: ['Teacher', 'Admin'] } },
      schema: {
        tags,
        summary: 'Define the custom student fields (owners and admins)',
        params: accountParams,
        body: studentFieldsInputSchema,
        response: { 200: studentFormSettingsSchema },
      },
    },
    async (request) => students.setFields(request.principal!, request.params.accountId, request.body),
  );
}
