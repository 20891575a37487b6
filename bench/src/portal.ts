import { addDays, addMonths, dayOf, monthOf } from '@batchwise/domain';
import { newId } from '../../apps/server/src/lib/ids';
import { withSearchText } from '../../apps/server/src/modules/students/student-filters';
import { familySession } from './family-session';
import { type Figure, inServerDatabase, load, type NextRequest } from './lib';
import { signUpTeacher } from './students';

const PARENTS = 500;
const ACCOUNTS = 3;
const MONTHS = 24;
/** Sessions a week of each child's classroom: two years of them is about 208 days of marks. */
const DAYS_APART = [3, 4] as const;
const BATCH = 500;
const DAY = 86_400_000;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

interface Family {
  cookie: string;
  children: string[];
}

/**
 * 500 parents, each with a child in each of 3 teachers' accounts (the same phone as parent 1 on
 * all three records), every child two years into a classroom: a payment every month and a mark
 * with an entry punch twice a week. Written straight into the server's SQLite file, with a
 * signed-in session per parent (its token kept here, only its digest stored, as the server does).
 */
async function seedFamilies(dataDir: string, accountIds: readonly string[]): Promise<Family[]> {
  const now = Date.now();
  const thisMonth = monthOf(now);
  const firstMonth = addMonths(thisMonth, -(MONTHS - 1));
  const joined = now - MONTHS * 31 * DAY;
  const families: Family[] = Array.from({ length: PARENTS }, () => ({ cookie: '', children: [] }));
  await inServerDatabase(dataDir, (db) =>
    db.kysely.transaction().execute(async (trx) => {
      const phones = families.map((_, i) => `+88019${String(20_000_000 + i).padStart(8, '0')}`);
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
        await trx.insertInto('users').values(users).execute();
        const sessions = users.map((u, k) => {
          const session = familySession(u.id, now);
          families[start + k]!.cookie = session.cookie;
          return session.row;
        });
        await trx.insertInto('sessions').values(sessions).execute();
      }
      let receipt = 0;
      for (const accountId of accountIds) {
        const classroomId = newId(now);
        await trx
          .insertInto('classrooms')
          .values({
            id: classroomId,
            account_id: accountId,
            grade: 'Class 8',
            subject: 'Math',
            name: 'Math 8',
            tuition_fee: 150_000,
            status: 'Active',
            type: 'Physical',
            collection_month: firstMonth,
            created_at: joined,
            updated_at: joined,
          })
          .execute();
        const students = phones.map((phone, i) =>
          withSearchText({
            id: newId(now),
            account_id: accountId,
            name: `Child ${i}`,
            phone: `+88017${String(30_000_000 + i).padStart(8, '0')}`,
            institution: 'Private',
            parent1_phone: phone,
            custom_fields: '{}',
            created_at: joined,
            updated_at: joined,
          }),
        );
        for (const [i, s] of students.entries()) families[i]!.children.push(s.id);
        const payments: object[] = [];
        const allocations: object[] = [];
        const marks: object[] = [];
        const punches: object[] = [];
        for (const s of students) {
          for (let m = 0; m < MONTHS - 1; m++) {
            const id = newId(now);
            payments.push({
              id,
              account_id: accountId,
              student_id: s.id,
              receipt_no: ++receipt,
              receipt_key: id,
              method: 'cash',
              reference: '',
              amount: 150_000,
              note: '',
              received_at: joined + m * 30 * DAY,
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
              student_id: s.id,
              classroom_id: classroomId,
              month: addMonths(firstMonth, m),
              charge_id: null,
              amount: 150_000,
            });
          }
          let day = dayOf(joined);
          for (let n = 0; day < dayOf(now); n++, day = addDays(day, DAYS_APART[n % 2]!)) {
            const at = Date.parse(`${day}T03:05:00Z`);
            marks.push({
              classroom_id: classroomId,
              student_id: s.id,
              session_date: day,
              session_start: '09:00',
              status: n % 9 === 0 ? 'absent' : 'present',
              source: 'punch',
              marked_by: null,
              marked_at: at,
            });
            if (n % 9 !== 0)
              punches.push({
                id: newId(now),
                account_id: accountId,
                student_id: s.id,
                device_id: null,
                direction: 'entry',
                at,
                via: 'rfid',
                dedupe_key: newId(now),
                verify_code: null,
                created_at: at,
              });
          }
        }
        const batches: [string, object[]][] = [
          ['students', students],
          [
            'parent_links',
            students.map((s) => ({ parent_phone: s.parent1_phone!, student_id: s.id, created_at: now })),
          ],
          [
            'enrolments',
            students.map((s) => ({
              id: newId(now),
              student_id: s.id,
              classroom_id: classroomId,
              applied_at: joined,
              accepted_at: joined,
              tuition_fee: null,
              type: 'Regular',
              video_permission: 'Not allowed',
            })),
          ],
          ['payments', payments],
          ['payment_allocations', allocations],
          ['attendance_marks', marks],
          ['attendance_punches', punches],
        ];
        for (const [table, rows] of batches)
          for (let p = 0; p < rows.length; p += BATCH)
            await trx
              .insertInto(table as 'students')
              .values(rows.slice(p, p + BATCH) as never)
              .execute();
      }
      await trx
        .insertInto('payment_counters')
        .values(accountIds.map((id) => ({ account_id: id, last_receipt_no: receipt })))
        .execute();
    }),
  );
  return families;
}

/**
 * The family portal (DESIGN.md §1 "Family portal"): 500 parents with a child in each of 3
 * accounts, two years of attendance and payments each, at 20 connections: the parent home, and a
 * child's attendance month (any of the last two years). Goal p99 ≤ 50 ms on SQLite.
 */
export async function portalFigures(appUrl: string, dataDir: string): Promise<Figure[]> {
  const accounts: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) accounts.push((await signUpTeacher(appUrl)).accountId);
  const seedStart = performance.now();
  const families = await seedFamilies(dataDir, accounts);
  const seedMs = Math.round(performance.now() - seedStart);
  // The sign-ups' keep-alive connection may have been closed by the server during the seed.
  const first = () => fetch(`${appUrl}/api/portal/home`, { headers: { cookie: families[0]!.cookie } });
  const check = await first().catch(first);
  const home = (await check.json()) as { children?: unknown[] };
  if (check.status !== 200 || home.children?.length !== ACCOUNTS)
    throw new Error(`portal home is not ready: ${check.status} ${JSON.stringify(home).slice(0, 200)}`);

  const thisMonth = monthOf(Date.now());
  const as = (family: Family, path: string): NextRequest => ({
    path,
    headers: { cookie: family.cookie, 'accept-encoding': 'gzip, deflate, br, zstd' },
  });
  const homeLoad = await load(`${appUrl}/api/portal/home`, {
    connections: 20,
    seconds: 10,
    next: () => as(pick(families), '/api/portal/home'),
  });
  const monthLoad = await load(`${appUrl}/api/portal/home`, {
    connections: 20,
    seconds: 10,
    next: () => {
      const family = pick(families);
      const month = addMonths(thisMonth, -Math.floor(Math.random() * MONTHS));
      return as(family, `/api/portal/students/${pick(family.children)}/attendance?month=${month}`);
    },
  });
  const failed = homeLoad.errors + homeLoad.non2xx + monthLoad.errors + monthLoad.non2xx;
  return [
    { figure: 'portal_seed_500_parents_3_accounts_2_years', value: seedMs, unit: 'ms' },
    { figure: 'portal_home_requests_per_second', value: homeLoad.requestsPerSecond, unit: 'req/s' },
    {
      figure: 'portal_home_p99_latency',
      value: homeLoad.p99Ms,
      unit: 'ms',
      goal: '<= 50',
      met: homeLoad.p99Ms <= 50,
    },
    {
      figure: 'portal_attendance_month_requests_per_second',
      value: monthLoad.requestsPerSecond,
      unit: 'req/s',
    },
    {
      figure: 'portal_attendance_month_p99_latency',
      value: monthLoad.p99Ms,
      unit: 'ms',
      goal: '<= 50',
      met: monthLoad.p99Ms <= 50,
    },
    { figure: 'portal_failed_requests', value: failed, unit: 'requests', goal: '0', met: failed === 0 },
  ];
}
