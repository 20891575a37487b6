import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatMessage, isMessageCode } from '@batchwise/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ExportManifest, writeFirebaseExport } from '../../../../../bench/src/firebase-export';
import { TestClient } from '../../test/http';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { FirebaseImportService } from './firebase-import.service';

const TABLES = [
  'users',
  'accounts',
  'account_tools',
  'student_fields',
  'classrooms',
  'students',
  'enrolments',
  'archived_enrolments',
  'parent_links',
  'moderators',
  'admin_teachers',
  'sms_ledger',
  'assessments',
  'assessment_subjects',
  'assessment_marks',
  'report_remarks',
  'fee_charges',
  'payments',
  'payment_allocations',
  'payment_counters',
  'timetable_events',
  'firebase_import_keys',
] as const;

type Obj = Record<string, unknown>;

const VECTOR = {
  params: {
    signerKey: 'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
    saltSeparator: 'Bw==',
    rounds: 8,
    memCost: 14,
  },
  salt: '42xEC+ixf3L2lw==',
  hash: 'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==',
};

/** Every object of a JSON tree, the root first. */
function objects(node: unknown, out: Obj[] = []): Obj[] {
  if (node === null || typeof node !== 'object') return out;
  out.push(node as Obj);
  for (const child of Object.values(node)) objects(child, out);
  return out;
}

async function generate(): Promise<{ file: string; manifest: ExportManifest }> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'firebase-export-')), 'export.json');
  const out = createWriteStream(file);
  const manifest = await writeFirebaseExport(
    { seed: 7, teachers: 12, studentsPerTeacher: 30, orphans: 4 },
    async (chunk) => {
      if (!out.write(chunk)) await once(out, 'drain');
    },
  );
  out.end();
  await once(out, 'finish');
  return { file, manifest };
}

describe.each(DIALECTS)('Firebase import [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  let file: string;
  let manifest: ExportManifest;
  beforeAll(async () => {
    ({ file, manifest } = await generate());
  });

  /** Every row of the tables an import writes, in a stable order. */
  async function snapshot(): Promise<Record<string, unknown[]>> {
    const db = ctx.deps.db.kysely;
    const out: Record<string, unknown[]> = {};
    for (const table of TABLES) {
      const rows = await db.selectFrom(table).selectAll().execute();
      out[table] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return out;
  }

  const service = () => new FirebaseImportService({ db: ctx.deps.db, clock: ctx.deps.clock });

  it('a dry run reports what it would do and writes nothing', async () => {
    const before = await snapshot();
    const report = await service().run(file, { dryRun: true });
    expect(report.entities.students?.created).toBe(manifest.students);
    expect(report.entities.accounts?.created).toBe(manifest.accounts);
    expect(await snapshot()).toEqual(before);
    const runs = await ctx.deps.db.kysely.selectFrom('firebase_import_runs').select('id').execute();
    expect(runs).toHaveLength(0);
  });

  it('imports every entity of the export, with counts equal to the generator’s', async () => {
    const before = await snapshot();
    const report = await service().run(file, { dryRun: false });
    const after = await snapshot();
    const added = (table: (typeof TABLES)[number]) => after[table]!.length - before[table]!.length;
    const expected = {
      users: manifest.users,
      accounts: manifest.accounts,
      account_tools: manifest.tools,
      student_fields: manifest.studentFields,
      classrooms: manifest.classrooms,
      students: manifest.students,
      enrolments: manifest.enrolments,
      archived_enrolments: manifest.archivedClasses,
      parent_links: manifest.parentLinks,
      moderators: manifest.moderators,
      admin_teachers: manifest.adminTeachers,
      assessments: manifest.assessments,
      assessment_subjects: manifest.assessmentSubjects,
      assessment_marks: manifest.assessmentMarks,
      report_remarks: manifest.reportRemarks,
      fee_charges: manifest.feeCharges,
      payments: manifest.payments,
      payment_allocations: manifest.payments,
      timetable_events: manifest.timetableEvents,
    };
    for (const [table, count] of Object.entries(expected)) {
      expect([table, added(table as keyof typeof expected)]).toEqual([table, count]);
    }
    const entities = report.entities;
    expect(entities.users?.created).toBe(manifest.users);
    expect(entities.users?.skipped).toBe(manifest.studentUsers);
    expect(entities.tools?.skipped).toBe(manifest.unofferedTools);
    expect(entities.students?.skipped).toBe(0);
    expect(entities.payments?.skipped).toBe(manifest.skippedPayments);
    expect(entities.timetableEvents?.skipped).toBe(manifest.skippedEvents);
    expect(entities.referrals?.created).toBe(0);
    expect(entities.referrals?.updated).toBe(manifest.referrals);
    // Every orphan is one the generator injected, each named with its reason.
    expect(report.orphans.map((o) => `${o.entity} ${o.key}`).sort()).toEqual(
      manifest.orphans.map((o) => `${o.entity} ${o.key}`).sort(),
    );
    expect(report.orphans.every((o) => isMessageCode(o.reason))).toBe(true);
    const unlinked = report.orphans.find((o) => o.entity === 'parentLinks')!;
    expect(unlinked.reason).toBe('IMPORT_NO_STUDENT_WITH_PHONE');
    const told = formatMessage(unlinked.reason, unlinked.params);
    expect(told).toMatch(/^No student has the phone \+880\d{10} \(.+\)\.$/);
    // The command line prints the same words.
    expect(report.format()).toContain(`parentLinks ${unlinked.key}: ${told}`);

    // The spec's quirks: phones normalised, an archived batch closed, MaxCustomID and fees kept.
    const db = ctx.deps.db.kysely;
    const phones = await db.selectFrom('students').select('phone').execute();
    expect(phones.every((row) => /^\+880\d{10}$/.test(row.phone))).toBe(true);
    const closed = await db
      .selectFrom('classrooms')
      .select('id')
      .where('closed_at', 'is not', null)
      .execute();
    expect(closed.length).toBeGreaterThan(0);
    const account = await db
      .selectFrom('accounts')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .select(['accounts.max_custom_id', 'accounts.sms_quota', 'accounts.sms_rate_paisa'])
      .where('users.email', '=', 'teacher3@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(account.sms_quota)).toBe(1000); // no SMS-Quota in the export: the spec's default
    expect(Number(account.max_custom_id)).toBeGreaterThan(0);
    const override = await db
      .selectFrom('enrolments')
      .select('id')
      .where('tuition_fee', '=', 30_000)
      .execute();
    expect(override.length).toBeGreaterThan(0);
    const student = await db
      .selectFrom('students')
      .select('custom_fields')
      .where('custom_id', '=', '1')
      .executeTakeFirstOrThrow();
    expect(Object.keys(JSON.parse(student.custom_fields))).toEqual([
      'Date Of Birth',
      'Blood Group',
      'Home Address',
    ]);

    // Report cards: a published exam with its subjects, marks in hundredths and absences kept.
    const exam = await db
      .selectFrom('assessments')
      .selectAll()
      .where('term', '=', 'Half-yearly 2024')
      .executeTakeFirstOrThrow();
    expect([exam.held_on, exam.weight, exam.published_at !== null]).toEqual(['2024-06-15', 100, true]);
    const absent = await db.selectFrom('assessment_marks').select('marks').where('absent', '=', 1).execute();
    expect(absent.length).toBeGreaterThan(0);
    expect(absent.every((row) => row.marks === null)).toBe(true);
    const half = await db.selectFrom('assessment_marks').select('marks').where('marks', '=', 3550).execute();
    expect(half.length).toBeGreaterThan(0);

    // Fees history: receipt numbers from 1 without gaps per account, each payment allocated whole.
    const receipts = await db.selectFrom('payments').select(['account_id', 'receipt_no', 'amount']).execute();
    const perAccount = new Map<string, number[]>();
    for (const r of receipts)
      perAccount.set(r.account_id, [...(perAccount.get(r.account_id) ?? []), r.receipt_no]);
    for (const numbers of perAccount.values())
      expect(numbers.sort((a, b) => a - b)).toEqual(numbers.map((_, i) => i + 1));
    const allocated = await db
      .selectFrom('payment_allocations')
      .select(['charge_id', 'month', 'classroom_id'])
      .execute();
    expect(allocated.filter((a) => a.charge_id !== null)).not.toHaveLength(0);
    expect(allocated.every((a) => (a.charge_id === null) === (a.month !== null))).toBe(true);
    const methods = await db.selectFrom('payments').select('method').distinct().execute();
    expect(methods.map((m) => m.method).sort()).toEqual(['bank', 'bkash', 'cash', 'nagad']);
    // Timetable changes: dates of either order read as YYYY-MM-DD, a moved class with its new time.
    const moved = await db.selectFrom('timetable_events').selectAll().where('kind', '=', 'moved').execute();
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((e) => /^\d{4}-\d{2}-\d{2}$/.test(e.date) && e.new_start === '18:00')).toBe(true);
    const holidays = await db
      .selectFrom('timetable_events')
      .select('start')
      .where('kind', '=', 'holiday')
      .execute();
    expect(holidays.every((e) => e.start === null)).toBe(true);
    // Referrals: the referred account names its referrer, told from either side.
    const referred = await db
      .selectFrom('accounts')
      .select('referred_by')
      .where('referred_by', 'is not', null)
      .execute();
    expect(referred).toHaveLength(manifest.referrals);

    const runs = await db.selectFrom('firebase_import_runs').select('report').execute();
    expect(runs).toHaveLength(1);
    expect(JSON.parse(runs[0]!.report!).entities.students.created).toBe(manifest.students);
  });

  it('a second run of the same export changes nothing', async () => {
    const before = await snapshot();
    const report = await service().run(file, { dryRun: false });
    expect(report.changes()).toBe(0);
    expect(report.entities.students?.unchanged).toBe(manifest.students);
    expect(report.entities.payments?.unchanged).toBe(manifest.payments);
    expect(report.entities.referrals?.unchanged).toBe(manifest.referrals);
    // Unchanged records are replayed, not compared again: their orphans and skips are told again.
    expect(report.orphans.map((o) => `${o.entity} ${o.key}`).sort()).toEqual(
      manifest.orphans.map((o) => `${o.entity} ${o.key}`).sort(),
    );
    expect(report.entities.payments?.skipped).toBe(manifest.skippedPayments);
    expect(await snapshot()).toEqual(before);
  });

  it('a changed export updates the rows it changed and explains what it skips', async () => {
    const tree = JSON.parse(readFileSync(file, 'utf8')) as Obj;
    const [teacherUid, teacher] = Object.entries(tree.USERS as Obj)[0]!;
    const batch = objects(teacher).find((o) => 'Tution' in o)!;
    batch.Tution = 4321;
    const accepted = batch.AcceptedStudents as Record<string, Obj>;
    const [studentUid, student] = Object.entries(accepted)[0]!;
    for (const o of objects(teacher)) {
      const record = o[studentUid] as Obj | undefined;
      if (record && typeof record === 'object' && 'Phone' in record) record.Name = 'Renamed Student';
    }
    accepted.newcomer = { ...student, UID: 'newcomer', Name: 'No Phone', Phone: '12345', customID: '999' };
    const exam = objects(teacher).find((o) => 'Marks' in o && 'Subjects' in o)!;
    const sheet = Object.values(exam.Marks as Record<string, Obj>)[0]!;
    sheet[Object.keys(sheet)[0]!] = 100;
    const changed = path.join(path.dirname(file), 'changed.json');
    writeFileSync(changed, JSON.stringify(tree));

    const report = await service().run(changed, { dryRun: false });
    expect(report.entities.classrooms?.updated).toBe(1);
    expect(report.entities.students?.updated).toBe(1);
    expect(report.entities.students?.created).toBe(0);
    expect(report.entities.assessmentMarks?.updated).toBe(1);
    expect(report.skipped).toContainEqual({
      entity: 'students',
      key: `${teacherUid}/newcomer`,
      reason: 'SMS_INVALID_PHONE',
      params: { name: 'No Phone', id: '999', phone: '12345' },
    });
    const db = ctx.deps.db.kysely;
    const renamed = await db
      .selectFrom('students')
      .select('id')
      .where('name', '=', 'Renamed Student')
      .execute();
    expect(renamed).toHaveLength(1);
    // A mark changed in the export moves its version on, so a marks grid open on the old one is told.
    const mark = await db
      .selectFrom('assessment_marks')
      .select('version')
      .where('marks', '=', 10_000)
      .executeTakeFirstOrThrow();
    expect(Number(mark.version)).toBe(2);
    const fee = await db.selectFrom('classrooms').select('id').where('tuition_fee', '=', 432_100).execute();
    expect(fee).toHaveLength(1);
  });

  it('an e-mail user of the Firebase Auth export signs in with the old password, rehashed to ours', async () => {
    const tree = JSON.parse(readFileSync(file, 'utf8')) as Obj;
    const [teacherUid, teacher] = Object.entries(tree.USERS as Record<string, Obj>)[0]!;
    const email = (teacher.PublicInfo as Obj).UserEmail as string;
    const auth = path.join(path.dirname(file), 'users.json');
    // The official vector (firebase/scrypt README) as the teacher's password; a phone user has none.
    writeFileSync(
      auth,
      JSON.stringify({
        users: [
          { localId: teacherUid, email, passwordHash: VECTOR.hash, salt: VECTOR.salt },
          { localId: 'phone-only', phoneNumber: '+8801700000000' },
        ],
      }),
    );
    const report = await service().run(file, { dryRun: false, auth: { file: auth, params: VECTOR.params } });
    expect(report.entities.signIns).toMatchObject({ in: 2, updated: 1, skipped: 1 });

    const signIn = (password: string) =>
      new TestClient(ctx.app).post('/api/auth/sign-in', { email, password });
    expect((await signIn('wrong password')).statusCode).toBe(401);
    expect((await signIn('user1password')).statusCode).toBe(200);
    const user = await ctx.deps.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^scrypt\$/);
    expect((await signIn('user1password')).statusCode).toBe(200);

    // A rerun of the import leaves the password the user now has here.
    const again = await service().run(file, { dryRun: false, auth: { file: auth, params: VECTOR.params } });
    expect(again.entities.signIns).toMatchObject({ unchanged: 1 });
  }, 120_000);
});
