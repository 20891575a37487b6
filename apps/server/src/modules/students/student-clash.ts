import { findStudentClash, hasDuplicateMark, type StudentSave } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { failure } from '../../lib/errors';
import { type AccountScope, seesClassroom } from '../access/access.policy';
import { type ClashCandidate, type ClashLookup, PersonRepository } from './person.repository';
import { type StudentContext, scopeOf } from './student-context';
import { StudentsRepository } from './students.repository';

type ClashSubject = { ctx: StudentContext | null; team: AccountScope[] };

/** Where a save's phone, student ID and RFID code must be free: the team, but for the person. */
export function clashLookup(subject: ClashSubject, input: StudentSave): ClashLookup {
  return {
    accountIds: subject.team.map((s) => s.accountId),
    values: {
      phone: input.phone && !hasDuplicateMark(input.phone) ? input.phone : null,
      customId: input.customId || null,
      rfid: input.rfid || null,
    },
    exceptIds: subject.ctx?.records.map((r) => r.id) ?? [],
  };
}

/**
 * Refuses a phone, student ID or RFID code another student the caller can see already holds,
 * with the spec's message naming that student and classroom (and teacher, for admins).
 * `read`: the candidates of `clashLookup`, when the caller read them with something else.
 */
export async function refuseClash(
  trx: Kysely<Database>,
  subject: ClashSubject,
  input: StudentSave,
  read?: readonly ClashCandidate[],
): Promise<void> {
  const candidates = read ?? (await new PersonRepository(trx).clashCandidates(clashLookup(subject, input)));
  const userId = subject.ctx?.student.user_id;
  const others = candidates.filter((c) => !(userId && c.user_id === userId));
  if (others.length === 0) return;
  const rooms = await new StudentsRepository(trx).classroomsOf(others.map((c) => c.id));
  const visible = others.flatMap((c) => {
    const scope = scopeOf(subject, c.account_id)!;
    const room = rooms.find((r) => r.student_id === c.id && seesClassroom(scope, r.id));
    if (!room && scope.classrooms !== 'all') return [];
    return [
      {
        uid: c.id,
        name: c.name,
        batchName: room?.name ?? '-',
        teacherName: subject.team.length > 1 ? c.teacher_name : null,
        phone: c.phone,
        customID: c.custom_id,
        rfid: c.rfid,
      },
    ];
  });
  const clash = findStudentClash(
    { uid: subject.ctx?.student.id ?? '', phone: input.phone, customID: input.customId, rfid: input.rfid },
    visible,
  );
  if (clash) throw failure(409, clash.error.code, clash.error.params);
}
