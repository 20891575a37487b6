import { findStudentClash, hasDuplicateMark, type StudentSave } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { failure } from '../../lib/errors';
import { type AccountScope, seesClassroom } from '../access/access.policy';
import { PersonRepository } from './person.repository';
import { type StudentContext, scopeOf } from './student-context';
import { StudentsRepository } from './students.repository';

/**
 * Refuses a phone, student ID or RFID code another student the caller can see already holds,
 * with the spec's message naming that student and classroom (and teacher, for admins).
 */
export async function refuseClash(
  trx: Kysely<Database>,
  subject: { ctx: StudentContext | null; team: AccountScope[] },
  input: StudentSave,
): Promise<void> {
  const same = subject.ctx?.records.map((r) => r.id) ?? [];
  const candidates = await new PersonRepository(trx).clashCandidates(
    subject.team.map((s) => s.accountId),
    {
      phone: input.phone && !hasDuplicateMark(input.phone) ? input.phone : null,
      customId: input.customId || null,
      rfid: input.rfid || null,
    },
    same,
  );
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
