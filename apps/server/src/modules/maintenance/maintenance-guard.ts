import { MAINTENANCE_RETRY_AFTER_SECONDS } from '@batchwise/domain';
import type { FastifyInstance } from 'fastify';
import { failure } from '../../lib/errors';
import { signedInWrite } from '../staff-console/staff-console.policy';
import type { MaintenanceService } from './maintenance.service';

/** Signing out and ending an impersonation still work: nobody should be stuck in a session. */
const ALLOWED_WRITES: ReadonlySet<string> = new Set([
  'POST /api/auth/sign-out',
  'POST /api/staff/impersonation/end',
]);

/**
 * While maintenance is on, a write by a signed-in person who is not staff is refused with 503,
 * the stable code UNDER_MAINTENANCE, the staff's message and Retry-After (staff-console.policy.ts
 * `signedInWrite`: sign-in and the public pages keep working). Staff write, so they can switch it
 * off.
 */
export function registerMaintenanceGuard(app: FastifyInstance, maintenance: MaintenanceService): void {
  app.addHook('onRequest', async (request) => {
    if (!signedInWrite(request, ALLOWED_WRITES)) return;
    const state = await maintenance.current();
    if (!state.on) return;
    const error = failure(503, 'UNDER_MAINTENANCE', { message: state.message ?? '' });
    error.retryAfterSeconds = MAINTENANCE_RETRY_AFTER_SECONDS;
    throw error;
  });
}
