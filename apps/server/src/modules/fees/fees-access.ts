import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/access';
import type { AccessPolicy, AccountScope } from '../access/access.policy';
import { collectableClassrooms, requireStudentCollector } from './fees.policy';
import { FeesRepository } from './fees.repository';

/**
 * The caller's scope on the account when they may work one student's dues and payments at the
 * counter (fees.policy.ts): the student's classrooms are read only for a collector limited to
 * some classrooms.
 */
export async function requireStudentCollectorOf(
  deps: { access: AccessPolicy },
  db: Kysely<Database>,
  principal: Principal,
  accountId: string,
  studentId: string,
): Promise<AccountScope> {
  const scope = await deps.access.requireAccount(principal, accountId);
  const enrolledIn =
    collectableClassrooms(scope) === null
      ? []
      : (await new FeesRepository(db).enrolments(accountId, studentId)).map((e) => e.classroom_id);
  requireStudentCollector(scope, enrolledIn);
  return scope;
}
