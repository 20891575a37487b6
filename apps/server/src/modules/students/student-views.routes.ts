import { studentEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { MyClassesService } from './my-classes.service';
import type { VerificationService } from './verification.service';

/** Student Data Verification for staff, and the student and parent views of their classes. */
export function studentViewsRoutes(
  app: TypedApp,
  verification: VerificationService,
  myClasses: MyClassesService,
): void {
  route(app, endpoints.verification, (request) =>
    verification.list(request.principal!, request.params.accountId),
  );
  route(app, endpoints.myClasses, (request) => myClasses.classes(request.principal!));
}
