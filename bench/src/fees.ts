import { addMonths, monthOf } from '@batchwise/domain';
import { newId } from '../../apps/server/src/lib/ids';
import { withSearchText } from '../../apps/server/src/modules/students/student-filters';
import { type Figure, inServerDatabase, load, type NextRequest } from './lib';
import { signUpTeacher } from './students';

const STUDENTS = 2_000;
const CLASSROOMS = 40;
const MONTHS = 12;
const BATCH = 500;
const SEARCHES = ['rafi', 'সাদিয়া', 'hoss', '0171', 'ID-1', 'ID-42', 'islam'];
const WRITE = { 'content-type': 'application/json', 'x-batchwise-csrf': '1' };

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

interface Seeded {
  classrooms: string[];
  /** Each student with the classroom a counter payment goes to. */
  students: { id: string; classroomId: string }[];
}

/**
 * A 2,000-student account a year into its life, written straight into the server's SQLite file:
 * 40 classrooms, a third of the students in two, twelve months billed, most months paid (in one
 * to three receipts a month, some partial), a waiver here and there, an exam fee per classroom.
 */
async function seedFees(dataDir: string, accountId: string): Promise<Seeded> {
  const now = Date.now();
  const thisMonth = monthOf(now);
  const firstMonth = addMonths(thisMonth, -(MONTHS - 1));
  const joined = now - MONTHS * 31 * 86_400_000;
  return inServerDatabase(dataDir, (db) =>
    db.kysely.transaction().execute(async (trx) => {
      const classrooms = Array.from({ length: CLASSROOMS }, (_, i) => ({
        id: newId(now),
        account_id: accountId,
        grade: `Class ${6 + (i % 5)}`,
        subject: ['Physics', 'Chemistry', 'Math', 'English'][i % 4]!,
        name: `Batch ${String(i + 1).padStart(2, '0')}`,
        tuition_fee: 100_000 + (i % 5) * 25_000,
        status: 'Active',
        type: 'Physical',
        collection_month: firstMonth,
        created_at: joined,
        updated_at: joined,
      }));
      await trx.insertInto('classrooms').values(classrooms).execute();
      await trx
        .insertInto('fee_charges')
        .values(
          classrooms.map((c) => ({
            id: newId(now),
            account_id: accountId,
            classroom_id: c.id,
            student_id: null,
            label: 'Exam fee',
            amount: 50_000,
            due_month: addMonths(thisMonth, -2),
            created_at: now,
            created_by_user_id: null,
            removed_at: null,
          })),
        )
        .execute();
      const seeded: Seeded = { classrooms: classrooms.map((c) => c.id), students: [] };
      let receipt = 0;
      for (let start = 0; start < STUDENTS; start += BATCH) {
        const students = Array.from({ length: Math.min(BATCH, STUDENTS - start) }, (_, k) => {
          const i = start + k;
          return withSearchText({
            id: newId(now),
            account_id: accountId,
            name: `${pick(['Rafi', 'সাদিয়া', 'Arif', 'Nusrat'])} ${pick(['Islam', 'Hossain', 'রহমান'])} ${i}`,
            phone: `+88017${String(10_000_000 + i).padStart(8, '0')}`,
            institution: 'Private',
            custom_id: `ID-${i + 1}`,
            custom_fields: '{}',
            created_at: joined,
            updated_at: joined,
          });
        });
        await trx.insertInto('students').values(students).execute();
        const enrolments: { id: string; student_id: string; classroom_id: string; fee: number }[] = [];
        for (const [k, s] of students.entries()) {
          const i = start + k;
          const rooms = i % 3 === 0 ? [i % CLASSROOMS, (i + 17) % CLASSROOMS] : [i % CLASSROOMS];
          for (const r of rooms)
            enrolments.push({
              id: newId(now),
              student_id: s.id,
              classroom_id: classrooms[r]!.id,
              fee: classrooms[r]!.tuition_fee,
            });
          seeded.students.push({ id: s.id, classroomId: classrooms[rooms[0]!]!.id });
        }
        await trx
          .insertInto('enrolments')
          .values(
            enrolments.map((e) => ({
              id: e.id,
              student_id: e.student_id,
              classroom_id: e.classroom_id,
              applied_at: joined,
              accepted_at: joined,
              tuition_fee: null,
              type: 'Regular',
              video_permission: 'Not allowed',
            })),
          )
          .execute();
        const payments = [];
        const allocations = [];
        for (const e of enrolments) {
          // Paid up to a few months ago, the last paid month sometimes only in part.
          const paidMonths = MONTHS - 1 - (Math.floor(Math.random() * 4) as number);
          for (let m = 0; m < paidMonths; m++) {
            const month = addMonths(firstMonth, m);
            const id = newId(now);
            const amount = m === paidMonths - 1 && Math.random() < 0.3 ? e.fee / 2 : e.fee;
            payments.push({
              id,
              account_id: accountId,
              student_id: e.student_id,
              receipt_no: ++receipt,
              receipt_key: id,
              method: pick(['cash', 'bkash', 'bank']),
              reference: '',
              amount,
              note: '',
              received_at: joined + m * 30 * 86_400_000,
              created_at: now,
              created_by_user_id: null,
              refund_of: null,
              voided_at: null,
              voided_by_user_id: null,
              void_reason: null,
            });
            allocations.push({
              id: newId(now),
              payment_id: id,
              account_id: accountId,
              student_id: e.student_id,
              classroom_id: e.classroom_id,
              month,
              charge_id: null,
              amount,
            });
          }
        }
        for (let p = 0; p < payments.length; p += BATCH) {
          await trx
            .insertInto('payments')
            .values(payments.slice(p, p + BATCH))
            .execute();
          await trx
            .insertInto('payment_allocations')
            .values(allocations.slice(p, p + BATCH))
            .execute();
        }
      }
      await trx
        .insertInto('payment_counters')
        .values({ account_id: accountId, last_receipt_no: receipt })
        .execute();
      return seeded;
    }),
  );
}

/**
 * The fees and payments capability's dues list: a 2,000-student account's list at 20 connections as a counter uses it,
 * every request a different view (a classroom or the whole account, a search, a page) and one in
 * twenty a payment taken, so the list's summary is measured being invalidated and recomputed, not
 * only read; first the list's first answer after seeding (every student computed). Then the same
 * mixed with what a counter does (a student's dues, a payment taken) to see the list under writes.
 */
export async function feesFigures(appUrl: string, dataDir: string): Promise<Figure[]> {
  const teacher = await signUpTeacher(appUrl);
  const seedStart = performance.now();
  const seeded = await seedFees(dataDir, teacher.accountId);
  const seedMs = Math.round(performance.now() - seedStart);
  const base = `/api/accounts/${teacher.accountId}`;
  const coldStart = performance.now();
  const check = await fetch(`${appUrl}${base}/dues`, { headers: { cookie: teacher.cookie } });
  const first = (await check.json()) as { total?: number };
  const coldMs = Math.round(performance.now() - coldStart);
  if (check.status !== 200 || !first.total) throw new Error(`dues list is not ready: ${check.status}`);

  const headers = { cookie: teacher.cookie, 'accept-encoding': 'gzip, deflate, br, zstd' };
  const listRequest = (): NextRequest => {
    const params = new URLSearchParams();
    const classroom = Math.random() < 0.5;
    if (classroom) params.set('classroomId', pick(seeded.classrooms));
    if (Math.random() < 0.2) params.set('q', pick(SEARCHES));
    if (Math.random() < 0.2) params.set('onlyDue', 'false');
    // The whole account's list has pages to walk; a classroom's fits in one or two.
    params.set('page', String(1 + Math.floor(Math.random() * (classroom ? 2 : 10))));
    return { path: `${base}/dues?${params}` };
  };
  const thisMonth = monthOf(Date.now());
  const paymentRequest = (): NextRequest => {
    const student = pick(seeded.students);
    return {
      method: 'POST',
      path: `${base}/students/${student.id}/payments`,
      headers: { ...headers, ...WRITE },
      body: JSON.stringify({
        method: 'cash',
        allocations: [
          { kind: 'month', classroomId: student.classroomId, month: thisMonth, amountPaisa: 100 },
        ],
      }),
    };
  };
  const list = await load(`${appUrl}${base}/dues`, {
    connections: 20,
    seconds: 10,
    headers,
    next: () => (Math.random() < 0.05 ? paymentRequest() : listRequest()),
  });

  const mixed = await load(`${appUrl}${base}/dues`, {
    connections: 20,
    seconds: 10,
    headers,
    next: () => {
      const roll = Math.random();
      if (roll < 0.6) return listRequest();
      if (roll < 0.9) return { path: `${base}/students/${pick(seeded.students).id}/dues` };
      return paymentRequest();
    },
  });
  return [
    { figure: 'fees_seed_2000_students_12_months', value: seedMs, unit: 'ms' },
    { figure: 'fees_dues_list_first_answer', value: coldMs, unit: 'ms' },
    { figure: 'fees_dues_list_requests_per_second', value: list.requestsPerSecond, unit: 'req/s' },
    {
      figure: 'fees_dues_list_p99_latency',
      value: list.p99Ms,
      unit: 'ms',
      goal: '<= 50',
      met: list.p99Ms <= 50,
    },
    { figure: 'fees_mixed_counter_requests_per_second', value: mixed.requestsPerSecond, unit: 'req/s' },
    { figure: 'fees_mixed_counter_p99_latency', value: mixed.p99Ms, unit: 'ms' },
    // Timeouts and refusals, which a healthy run has none of.
    {
      figure: 'fees_failed_requests',
      value: list.errors + list.non2xx + mixed.errors + mixed.non2xx,
      unit: 'requests',
      goal: '0',
      met: list.errors + list.non2xx + mixed.errors + mixed.non2xx === 0,
    },
  ];
}
