import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { failure } from '../../lib/errors';
import type { EventBus } from '../events/event-bus';
import type { DeletedItem, RecoverableKind } from '../recycle-bin/recycle-bin.service';
import {
  LINKED_TABLES,
  type LinkedTable,
  type Row,
  STUDENT_TABLES,
  StudentRowsRepository,
  type StudentTable,
} from './student-rows.repository';

// A student in the Recycle bin (plan feature data-recovery): the student's row and every row that
// dies with it — enrolments and archived copies, charges, adjustments, payments with their
// allocations and receipt numbers, dues, attendance, marks, report-card records, portal reads —
// exactly as stored, plus the SMS and admission records that only lose their link. Restoring puts
// them back with the same ids, so the archive, dues, receipts and results read them as before.

interface StudentSnapshot {
  student: Row;
  rows: Record<StudentTable, Row[]>;
  links: Record<LinkedTable, string[]>;
  /** Names of the classrooms the rows name, for the refusal when one is gone. */
  classroomNames: Record<string, string>;
}

/** The copy a deletion hands the bin, read inside the deleting transaction (so it is what goes). */
export async function studentSnapshot(trx: Kysely<Database>, student: Row): Promise<DeletedItem> {
  const repo = new StudentRowsRepository(trx);
  const id = student.id as string;
  const rows = {} as StudentSnapshot['rows'];
  for (const table of STUDENT_TABLES) rows[table] = await repo.rowsOf(table, id);
  const links = {} as StudentSnapshot['links'];
  for (const table of LINKED_TABLES) links[table] = await repo.linkedIds(table, id);
  const classroomNames = Object.fromEntries(
    rows.archived_enrolments.map((c) => [c.classroom_id as string, c.classroom_name as string]),
  );
  const snapshot: StudentSnapshot = { student, rows, links, classroomNames };
  return {
    kind: 'student',
    entityId: id,
    label: student.name as string,
    detail: [...new Set(Object.values(classroomNames))].join(', ') || null,
    snapshot,
  };
}

const idsOf = (rows: Row[], column = 'id') => [
  ...new Set(rows.map((r) => r[column]).filter((v): v is string => typeof v === 'string')),
];

/**
 * Puts a deleted student back. Refused, changing nothing, when the student's id is in use again
 * or a classroom their rows belong to is gone. Rows pointing at things deleted since follow those
 * foreign keys' own rules, as if they had been deleted while the student was here: marks of a
 * deleted assessment go, a punch of a removed device or an acknowledgement of a removed report
 * link keeps its row without the link, and a device PIN given to another student meanwhile is
 * left to the device sync to hand out again.
 */
export function studentRecovery(events: EventBus): RecoverableKind {
  return {
    async restore(trx, accountId, raw) {
      const { student, rows, links, classroomNames } = raw as StudentSnapshot;
      const repo = new StudentRowsRepository(trx);
      const studentId = student.id as string;
      if (await repo.studentExists(studentId)) throw failure(409, 'RECYCLE_ALREADY_EXISTS');
      const rooms = idsOf(
        STUDENT_TABLES.filter((t) => t !== 'archived_enrolments').flatMap((t) => rows[t]),
        'classroom_id',
      );
      const present = await repo.existing('classrooms', rooms);
      const gone = rooms.find((id) => !present.has(id));
      if (gone) throw failure(409, 'RECYCLE_CLASSROOM_MISSING', { classroom: classroomNames[gone] ?? gone });

      const withIds = async (
        table: 'assessment_subjects' | 'attendance_devices' | 'report_links' | 'fee_charges',
        ids: string[],
        own: Row[] = [],
      ) => new Set([...(await repo.existing(table, ids)), ...idsOf(own)]);
      const nullMissing = (list: Row[], column: string, known: Set<string>) =>
        list.map((r) =>
          r[column] === null || known.has(r[column] as string) ? r : { ...r, [column]: null },
        );

      const charges = await withIds(
        'fee_charges',
        idsOf(rows.payment_allocations, 'charge_id'),
        rows.fee_charges,
      );
      const links_ = await withIds(
        'report_links',
        idsOf([...rows.report_acknowledgements, ...rows.report_feedback], 'link_id'),
        rows.report_links,
      );
      const devices = await withIds('attendance_devices', idsOf(rows.attendance_punches, 'device_id'));
      const subjects = await withIds('assessment_subjects', idsOf(rows.assessment_marks, 'subject_id'));
      const pinsTaken = await repo.pinsTaken(
        accountId,
        rows.attendance_pins.map((p) => Number(p.pin)),
      );
      const fixed: Record<StudentTable, Row[]> = {
        ...rows,
        // A refund refers to the payment it returns: originals first.
        payments: [...rows.payments].sort(
          (a, b) => Number(a.refund_of !== null) - Number(b.refund_of !== null),
        ),
        payment_allocations: nullMissing(rows.payment_allocations, 'charge_id', charges),
        attendance_punches: nullMissing(rows.attendance_punches, 'device_id', devices),
        assessment_marks: rows.assessment_marks.filter((m) => subjects.has(m.subject_id as string)),
        report_acknowledgements: nullMissing(rows.report_acknowledgements, 'link_id', links_),
        report_feedback: nullMissing(rows.report_feedback, 'link_id', links_),
        attendance_pins: rows.attendance_pins.filter((p) => !pinsTaken.has(Number(p.pin))),
      };
      await repo.insert('students', [student]);
      for (const table of STUDENT_TABLES) await repo.insert(table, fixed[table]);
      for (const table of LINKED_TABLES) await repo.relink(table, links[table], studentId);
    },
    announce: (accountId) => publishStudentRecords(events, accountId),
  };
}

/** A student came or went with all their records: lists, the archive, dues and receipts refresh. */
export async function publishStudentRecords(events: EventBus, accountId: string): Promise<void> {
  await events.publish({
    channel: `account:${accountId}`,
    type: 'students.changed',
    stale: [
      { resource: 'students', params: { accountId } },
      { resource: 'classrooms', params: { accountId } },
      { resource: 'archive', params: { accountId } },
      { resource: 'fees', params: { accountId } },
    ],
  });
}
