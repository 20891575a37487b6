import { addDays, addMonths, dayOf, monthOf } from '@batchwise/domain';
import type { Db } from '../../apps/server/src/db/database';
import { newId } from '../../apps/server/src/lib/ids';
import { acceptedEnrolmentRow, classroomRow, studentRow } from '../../apps/server/src/seed/school-rows';
import { familySession } from './family-session';

// The family portal bench's school: 500 parents, each with a child in each of 3 teachers'
// accounts (the same phone as parent 1 on all three records), every child two years into
// classrooms of 30 to 50 with a fee of their own; some children in a second classroom. Each
// classroom takes attendance twice a week (present, late, absent, on leave; entry and exit
// punches), publishes two assessments a term for four terms, and most families pay every month
// while some owe one to three months. Written straight into the server's database (SQLite or
// PostgreSQL), with a signed-in session per parent (its token kept here, only its digest stored,
// as the server does).

export const PARENTS = 500;
export const ACCOUNTS = 3;
export const MONTHS = 24;
const BATCH = 500;
const DAY = 86_400_000;
const FEES = [100_000, 120_000, 150_000, 180_000, 200_000];
const CLASS_SIZES = [30, 36, 42, 50, 45];
const SUBJECTS = ['Bangla', 'English', 'Mathematics'];
const PART = [{ key: 'total', name: '', fullMarks: 100, passMarks: 33 }];

export interface Family {
  cookie: string;
  /** One child per account, in account order. */
  children: string[];
}

export interface SeededSchool {
  families: Family[];
  /** A child's classrooms, by child id (what the portal shows as the child's classes). */
  classroomsOf: Map<string, string[]>;
}

type Row = object;

/** Rows of one account, written in batches at the end. */
class Rows {
  readonly tables = new Map<string, Row[]>();
  add(table: string, ...rows: Row[]) {
    const list = this.tables.get(table) ?? [];
    list.push(...rows);
    this.tables.set(table, list);
  }
}

interface Classroom {
  id: string;
  fee: number;
  studentIds: string[];
  /** Weekday offset of its two sessions a week. */
  shift: number;
}

function months(joined: number, now: number) {
  const first = monthOf(joined);
  return Array.from({ length: MONTHS }, (_, m) => addMonths(first, m)).filter((m) => m <= monthOf(now));
}

/** Two years of sessions, twice a week: marks for everyone, punches for those who came. */
function attendance(rows: Rows, accountId: string, room: Classroom, joined: number, now: number) {
  let day = addDays(dayOf(joined), room.shift);
  for (let n = 0; day < dayOf(now); n++, day = addDays(day, n % 2 ? 3 : 4)) {
    const start = Date.parse(`${day}T03:00:00Z`);
    for (const [k, studentId] of room.studentIds.entries()) {
      const roll = (n * 31 + k * 17) % 40;
      const status = roll < 3 ? 'absent' : roll < 5 ? 'late' : roll === 5 ? 'leave' : 'present';
      const at = start + (status === 'late' ? 20 : 2) * 60_000 + k * 7_000;
      rows.add('attendance_marks', {
        classroom_id: room.id,
        student_id: studentId,
        session_date: day,
        session_start: '09:00',
        status,
        source: 'punch',
        marked_by: null,
        marked_at: at,
      });
      if (status !== 'present' && status !== 'late') continue;
      for (const [direction, time] of [
        ['entry', at],
        ['exit', at + 2 * 3_600_000],
      ] as const)
        if (direction === 'entry' || roll % 3 !== 0)
          rows.add('attendance_punches', {
            id: newId(time),
            account_id: accountId,
            student_id: studentId,
            device_id: null,
            direction,
            at: time,
            via: roll % 2 ? 'rfid' : 'qr',
            dedupe_key: newId(time),
            verify_code: null,
            created_at: time,
          });
    }
  }
}

/** Four terms of two published assessments each, three subjects, every mark entered. */
function results(rows: Rows, accountId: string, room: Classroom, joined: number, now: number) {
  for (let term = 0; term < 4; term++) {
    const termName = `Term ${term + 1} (${monthOf(joined + term * 182 * DAY)})`;
    for (const [a, weight] of [40, 60].entries()) {
      const heldAt = joined + (term * 182 + 60 + a * 90) * DAY;
      if (heldAt > now) continue;
      const assessmentId = newId(heldAt);
      rows.add('assessments', {
        id: assessmentId,
        account_id: accountId,
        classroom_id: room.id,
        name: a === 0 ? 'Class test' : 'Term exam',
        term: termName,
        held_on: dayOf(heldAt),
        weight,
        published_at: heldAt + 7 * DAY,
        created_by: null,
        created_at: heldAt,
        updated_at: heldAt,
      });
      for (const [position, name] of SUBJECTS.entries()) {
        const subjectId = newId(heldAt);
        rows.add('assessment_subjects', {
          id: subjectId,
          assessment_id: assessmentId,
          name,
          kind: 'compulsory',
          position,
          parts: JSON.stringify(PART),
        });
        for (const [k, studentId] of room.studentIds.entries())
          rows.add('assessment_marks', {
            assessment_id: assessmentId,
            subject_id: subjectId,
            part_key: 'total',
            student_id: studentId,
            marks: 100 * (25 + ((k * 37 + position * 11 + term * 7 + a * 3) % 75)),
            absent: 0,
            version: 1,
            updated_by: null,
            updated_at: heldAt,
          });
      }
    }
  }
}

/** Every month paid in cash, but the last `owed` months (some families run behind). */
function payments(
  rows: Rows,
  accountId: string,
  studentId: string,
  rooms: readonly Classroom[],
  billed: readonly string[],
  owed: number,
) {
  for (const [m, month] of billed.slice(0, billed.length - owed).entries()) {
    const at = Date.parse(`${month}-05T06:00:00Z`) + (m % 7) * DAY;
    const id = newId(at);
    rows.add('payments', {
      id,
      account_id: accountId,
      student_id: studentId,
      receipt_no: 0, // numbered per account once all are made
      receipt_key: id,
      method: m % 4 === 0 ? 'bkash' : 'cash',
      reference: '',
      amount: rooms.reduce((sum, r) => sum + r.fee, 0),
      note: '',
      received_at: at,
      created_at: at,
      created_by_user_id: null,
      refund_of: null,
      voided_at: null,
      voided_by_user_id: null,
      void_reason: null,
    });
    for (const room of rooms)
      rows.add('payment_allocations', {
        id: newId(at),
        payment_id: id,
        account_id: accountId,
        student_id: studentId,
        classroom_id: room.id,
        month,
        charge_id: null,
        amount: room.fee,
      });
  }
}

/** One account: its classrooms and the account's child of every parent. */
function accountRows(
  accountId: string,
  a: number,
  phones: readonly string[],
  now: number,
  school: SeededSchool,
) {
  const rows = new Rows();
  const joined = now - (MONTHS - 1) * 30.5 * DAY - (a + 1) * 9 * DAY;
  const billed = months(joined, now);
  const rooms: Classroom[] = [];
  const newRoom = (n: number, subject: string): Classroom => {
    const fee = FEES[(n + a) % FEES.length]!;
    const row = classroomRow(
      {
        account_id: accountId,
        grade: `Class ${6 + (n % 5)}`,
        subject,
        name: `${subject} ${6 + (n % 5)}-${String.fromCharCode(65 + n)}`,
        tuition_fee: fee,
        collection_month: billed[0]!,
        created_at: joined,
        updated_at: joined,
      },
      now,
    );
    rows.add('classrooms', row);
    const room = { id: row.id, fee, studentIds: [], shift: n % 3 };
    rooms.push(room);
    return room;
  };
  let room = newRoom(0, 'Math');
  let size = CLASS_SIZES[a]!;
  // Every fourth child also reads English in one of the account's English classrooms.
  let english = newRoom(1, 'English');
  for (const [i, phone] of phones.entries()) {
    if (room.studentIds.length >= size) {
      room = newRoom(rooms.length, 'Math');
      size = CLASS_SIZES[rooms.length % CLASS_SIZES.length]!;
    }
    const student = studentRow(
      {
        account_id: accountId,
        name: `Child ${a}-${i}`,
        phone: `+88017${String(30_000_000 + a * PARENTS + i).padStart(8, '0')}`,
        parent1_phone: phone,
        created_at: joined,
        updated_at: joined,
      },
      now,
    );
    rows.add('students', student);
    rows.add('parent_links', { parent_phone: phone, student_id: student.id, created_at: joined });
    school.families[i]!.children.push(student.id);
    const own = [room];
    if (i % 4 === a) {
      if (english.studentIds.length >= 40) english = newRoom(rooms.length, 'English');
      own.push(english);
    }
    for (const r of own) {
      r.studentIds.push(student.id);
      rows.add('enrolments', acceptedEnrolmentRow(student.id, r.id, joined));
    }
    school.classroomsOf.set(
      student.id,
      own.map((r) => r.id),
    );
    const owed = i % 5 === 0 ? 1 + (i % 3) : 0;
    payments(rows, accountId, student.id, own, billed, owed);
  }
  for (const r of rooms) {
    attendance(rows, accountId, r, joined, now);
    results(rows, accountId, r, joined, now);
  }
  // Receipt numbers per account, counted as they were made.
  let receipt = 0;
  for (const p of rows.tables.get('payments') ?? []) (p as { receipt_no: number }).receipt_no = ++receipt;
  return { rows, receipts: receipt };
}

const ORDER = [
  'classrooms',
  'students',
  'parent_links',
  'enrolments',
  'payments',
  'payment_allocations',
  'attendance_marks',
  'attendance_punches',
  'assessments',
  'assessment_subjects',
  'assessment_marks',
];

export async function seedFamilies(db: Db, accountIds: readonly string[]): Promise<SeededSchool> {
  const now = Date.now();
  const school: SeededSchool = {
    families: Array.from({ length: PARENTS }, () => ({ cookie: '', children: [] })),
    classroomsOf: new Map(),
  };
  const phones = school.families.map((_, i) => `+88019${String(20_000_000 + i).padStart(8, '0')}`);
  // Batch by batch, each its own short transaction: the running server writes too (its jobs), and
  // SQLite makes a writer wait only so long for another process's transaction.
  const kysely = db.kysely;
  for (let start = 0; start < PARENTS; start += BATCH) {
    const users = phones.slice(start, start + BATCH).map((phone) => ({
      id: newId(now),
      name: phone,
      email: null,
      phone,
      password_hash: null,
      profession: 'Parent' as const,
      is_staff: 0,
      created_at: now,
      updated_at: now,
    }));
    await kysely.insertInto('users').values(users).execute();
    const sessions = users.map((u, k) => {
      const session = familySession(u.id, now);
      school.families[start + k]!.cookie = session.cookie;
      return session.row;
    });
    await kysely.insertInto('sessions').values(sessions).execute();
  }
  const counters = [];
  for (const [a, accountId] of accountIds.entries()) {
    const { rows, receipts } = accountRows(accountId, a, phones, now, school);
    for (const table of ORDER) {
      const all = rows.tables.get(table) ?? [];
      for (let p = 0; p < all.length; p += BATCH)
        await kysely
          .insertInto(table as 'students')
          .values(all.slice(p, p + BATCH) as never)
          .execute();
    }
    counters.push({ account_id: accountId, last_receipt_no: receipts });
  }
  await kysely.insertInto('payment_counters').values(counters).execute();
  return school;
}
