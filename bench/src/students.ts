import { newId } from '../../apps/server/src/lib/ids';
import { withSearchText } from '../../apps/server/src/modules/students/student-filters';
import { compareWithHello, type Figure, inServerDatabase, type LoadTarget, signUpBenchTeacher } from './lib';

const STUDENTS = 5_000;
const CLASSROOMS = 100;
const BATCH = 500;

const FIRST = ['Rafi', 'Sadia', 'মেহেদী', 'Tasnim', 'আয়েশা', 'Arif', 'Nusrat', 'Karim', 'ফারহানা', 'Jahid'];
const LAST = ['Islam', 'Afrin', 'হাসান', 'Chowdhury', 'সিদ্দিকা', 'Mahmud', 'Jahan', 'Hossain', 'রহমান', 'Alam'];

export interface SignedInTeacher {
  cookie: string;
  accountId: string;
}

/** Signs a teacher up through the API, as a browser would, and returns the session cookie. */
export function signUpTeacher(appUrl: string): Promise<SignedInTeacher> {
  return signUpBenchTeacher(appUrl, {
    name: 'Bench Teacher',
    email: `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@bench.batchwise.bd`,
    phone: `+88017${String(99_000_000 + Math.floor(Math.random() * 900_000)).padStart(8, '0')}`,
  });
}

/**
 * 100 classrooms and 5,000 students (a third of them in two classrooms), written straight into
 * the server's SQLite file in batches of 500 rows per statement, in one transaction.
 */
export async function seedSchool(dataDir: string, accountId: string): Promise<void> {
  const now = Date.now();
  await inServerDatabase(dataDir, (db) =>
    db.kysely.transaction().execute(async (trx) => {
      const classrooms = Array.from({ length: CLASSROOMS }, (_, i) => ({
        id: newId(now),
        account_id: accountId,
        grade: `Class ${6 + (i % 5)}`,
        subject: ['Physics', 'Chemistry', 'Math', 'English', 'Biology'][Math.floor(i / 5) % 5]!,
        name: `Batch ${String(i + 1).padStart(3, '0')}`,
        tuition_fee: 150_000,
        status: 'Active',
        type: 'Physical',
        created_at: now,
        updated_at: now,
      }));
      await trx.insertInto('classrooms').values(classrooms).execute();
      for (let start = 0; start < STUDENTS; start += BATCH) {
        const students = Array.from({ length: Math.min(BATCH, STUDENTS - start) }, (_, k) => {
          const i = start + k;
          return withSearchText({
            id: newId(now),
            account_id: accountId,
            name: `${FIRST[(i * 7) % FIRST.length]} ${LAST[(i * 3) % LAST.length]} ${i}`,
            phone: `+88017${String(10_000_000 + i).padStart(8, '0')}`,
            institution: 'Private',
            custom_id: `ID-${i + 1}`,
            custom_fields: '{}',
            created_at: now,
            updated_at: now,
          });
        });
        await trx.insertInto('students').values(students).execute();
        const enrolments = students.flatMap((s, k) => {
          const i = start + k;
          const rooms = i % 3 === 0 ? [i % CLASSROOMS, (i + 37) % CLASSROOMS] : [i % CLASSROOMS];
          return rooms.map((r) => ({
            id: newId(now),
            student_id: s.id,
            classroom_id: classrooms[r]!.id,
            applied_at: now,
            accepted_at: now,
            type: 'Physical',
            video_permission: 'Allowed',
          }));
        });
        await trx.insertInto('enrolments').values(enrolments).execute();
      }
      await trx
        .updateTable('accounts')
        .set({ max_custom_id: STUDENTS })
        .where('id', '=', accountId)
        .execute();
    }),
  );
}

export async function sessionBytes(appUrl: string, cookie: string): Promise<number> {
  const res = await fetch(`${appUrl}/api/session`, { headers: { cookie, 'accept-encoding': 'identity' } });
  if (res.status !== 200) throw new Error(`session: ${res.status}`);
  return Buffer.byteLength(await res.text());
}

/** The first page of the students list, checked once: the load must measure real pages. */
async function studentListTarget(appUrl: string, teacher: SignedInTeacher): Promise<LoadTarget> {
  const url = `${appUrl}/api/accounts/${teacher.accountId}/students?page=1&pageSize=20`;
  const check = await fetch(url, { headers: { cookie: teacher.cookie } });
  const body = (await check.json()) as { items?: unknown[]; total?: number };
  if (check.status !== 200 || body.items?.length !== 20 || body.total !== STUDENTS) {
    throw new Error(`students list is not ready: ${check.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  return { url, headers: { cookie: teacher.cookie } };
}

/**
 * The classrooms and students capability's figures: the students list's first page at 50 connections against the bare hello
 * route of the same run (alternated rounds, lib.ts `compareWithHello`), and the size of the
 * role-loading answer before and after the 5,000 students exist.
 */
export async function studentListFigures(
  appUrl: string,
  helloUrl: string,
  dataDir: string,
): Promise<Figure[]> {
  const teacher = await signUpTeacher(appUrl);
  const before = await sessionBytes(appUrl, teacher.cookie);
  const seedStart = performance.now();
  await seedSchool(dataDir, teacher.accountId);
  const seedMs = Math.round(performance.now() - seedStart);
  const after = await sessionBytes(appUrl, teacher.cookie);

  const listTarget = await studentListTarget(appUrl, teacher);
  const { target, hello, ratio } = await compareWithHello(listTarget, helloUrl);
  const [rps, p99, bare] = [target.requestsPerSecond, target.p99Ms, hello.requestsPerSecond];
  // As a browser asks for it: compressed (the kept page is compressed once, plugins/precompressed.ts).
  const browser = await compareWithHello(
    { ...listTarget, headers: { ...listTarget.headers, 'accept-encoding': 'gzip, deflate, br, zstd' } },
    helloUrl,
    { rounds: 3 },
  );
  return [
    { figure: 'students_seed_5000_in_100_classrooms', value: seedMs, unit: 'ms' },
    { figure: 'students_list_first_page_requests_per_second', value: rps, unit: 'req/s' },
    { figure: 'students_list_bare_hello_requests_per_second', value: bare, unit: 'req/s' },
    { figure: 'students_list_vs_bare_hello', value: ratio, unit: 'ratio', goal: '>= 0.4', met: ratio >= 0.4 },
    { figure: 'students_list_p99_latency', value: p99, unit: 'ms', goal: '<= 50', met: p99 <= 50 },
    {
      figure: 'students_list_compressed_requests_per_second',
      value: browser.target.requestsPerSecond,
      unit: 'req/s',
    },
    { figure: 'students_list_compressed_vs_bare_hello', value: browser.ratio, unit: 'ratio' },
    { figure: 'session_bytes_no_students', value: before, unit: 'bytes' },
    {
      figure: 'session_bytes_5000_students',
      value: after,
      unit: 'bytes',
      goal: 'same as with no students',
      met: after === before,
    },
  ];
}
