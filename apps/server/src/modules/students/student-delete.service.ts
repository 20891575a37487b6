import { formatMessage } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import { logActivity } from '../activity/activity';
import type { EventBus } from '../events/event-bus';
import type { RecycleBinService } from '../recycle-bin/recycle-bin.service';
import { requireStudentDeleter } from './student-delete.policy';
import { publishStudentRecords, studentSnapshot } from './student-recovery';
import { StudentRowsRepository } from './student-rows.repository';

export interface StudentDeleteDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  recycleBin: Pick<RecycleBinService, 'recoveryDays' | 'keep' | 'announce'>;
}

/**
 * Deleting an archived student for good ("Delete permanently" in the archive). Only archived
 * students: one still in a classroom is archived first, so a deletion never surprises a class.
 * On a plan with data recovery the student and every row that goes with them are kept in the
 * Recycle bin, in the same transaction as the deletion.
 */
export class StudentDeleteService {
  constructor(private readonly deps: StudentDeleteDeps) {}

  async delete(principal: Principal, accountId: string, studentId: string) {
    requireStudentDeleter(await this.deps.access.requireAccount(principal, accountId));
    const db = this.deps.db.kysely;
    const student = await new StudentRowsRepository(db).student(accountId, studentId);
    if (!student) throw notFound();
    if (student.archived_at === null) throw failure(409, 'STUDENT_DELETE_NOT_ARCHIVED');
    const keepDays = await this.deps.recycleBin.recoveryDays(accountId);
    const now = this.deps.clock.now();
    const name = student.name as string;
    await db.transaction().execute(async (trx) => {
      if (keepDays > 0) {
        const item = await studentSnapshot(trx, student);
        await this.deps.recycleBin.keep(trx, principal, accountId, item, keepDays, now);
      }
      await new StudentRowsRepository(trx).deleteStudent(studentId);
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Student Deleted',
          summary: name,
          subjectType: 'student',
          subjectId: studentId,
        },
        now,
      );
    });
    await publishStudentRecords(this.deps.events, accountId);
    if (keepDays > 0) await this.deps.recycleBin.announce(accountId);
    return {
      code: 'STUDENT_DELETED' as const,
      message: formatMessage('STUDENT_DELETED', { name }),
      recoverable: keepDays > 0,
    };
  }
}
