import { myClassesSchema, verificationListSchema } from '@batchwise/domain';
import { z } from 'zod';
import type { TypedApp } from '../../lib/typed-app';
import type { MyClassesService } from './my-classes.service';
import type { VerificationService } from './verification.service';

/** Student Data Verification for staff, and the student and parent views of their classes. */
export function studentViewsRoutes(
  app: TypedApp,
  verification: VerificationService,
  myClasses: MyClassesService,
): void {
  app.get(
    '/api/accounts/:accountId/student-verification',
    {
      config: { access: { roles: ['Teacher', 'Admin', 'TeacherAssistant'] } },
      schema: {
        tags: ['students'],
        summary: 'Students with conflicting or incomplete data (the Student Data Verification panel)',
        params: z.object({ accountId: z.string().min(1) }),
        response: { 200: verificationListSchema },
      },
    },
    async (request) => verification.list(request.principal!, request.params.accountId),
  );

  app.get(
    '/api/me/classes',
    {
      config: { access: { roles: ['Student', 'Parent'] } },
      schema: {
        tags: ['students'],
        summary: "A student's own classes, or a parent's children and theirs",
        response: { 200: myClassesSchema },
      },
    },
    async (request) => myClasses.classes(request.principal!),
  );
}
