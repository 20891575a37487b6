import { failure } from '../../lib/errors';
import type { AccountScope } from '../access/access.policy';
import { requireDeviceManager } from '../attendance-devices/attendance-devices.policy';
import { mayEdit, type StudentContext } from '../students/student-context';

// Who handles face data. A student's registration link and its deletion: whoever may edit the
// student (an assistant only in the classrooms where they manage students). The threshold and
// the keep-a-photo setting act on every kiosk of the account: the owner and admins, the people
// who manage the gate's devices.

export function requireFaceEditor(ctx: StudentContext): void {
  if (!mayEdit(ctx))
    throw failure(403, 'MANAGE_STUDENTS_REQUIRED', { batch: ctx.enrolments[0]?.classroom_name ?? '-' });
}

export function requireFaceSettingsManager(scope: AccountScope): void {
  requireDeviceManager(scope);
}
