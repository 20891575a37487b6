import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/access';
import { notFound } from '../../lib/errors';
import type { AccessPolicy, AccountScope } from '../access/access.policy';
import { requireAssessmentsOf } from './assessments.policy';
import { AssessmentsRepository } from './assessments.repository';

type Db = Kysely<Database>;

/** The classroom when the caller may work its assessments; otherwise not found. */
export async function visibleClassroom(
  deps: { access: AccessPolicy },
  db: Db,
  principal: Principal,
  accountId: string,
  classroomId: string,
) {
  const scope = await deps.access.requireAccount(principal, accountId);
  requireAssessmentsOf(scope, classroomId);
  const classroom = await new AssessmentsRepository(db).classroom(accountId, classroomId);
  if (!classroom) throw notFound();
  return { scope, classroom };
}

/** The assessment when the caller may work its classroom; otherwise not found. */
export async function visibleAssessment(
  deps: { access: AccessPolicy },
  db: Db,
  principal: Principal,
  accountId: string,
  assessmentId: string,
): Promise<{
  scope: AccountScope;
  assessment: NonNullable<Awaited<ReturnType<AssessmentsRepository['assessment']>>>;
}> {
  const scope = await deps.access.requireAccount(principal, accountId);
  const assessment = await new AssessmentsRepository(db).assessment(accountId, assessmentId);
  if (!assessment) throw notFound();
  requireAssessmentsOf(scope, assessment.classroom_id);
  return { scope, assessment };
}
