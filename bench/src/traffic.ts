import type { StudentDetail, StudentSaveInput, StudentSaveResult } from '@batchwise/domain';
import { compareWithHello, type Figure, load, type NextRequest, signUpBenchTeacher } from './lib';
import { startRoundRobinProxy } from './soak/round-robin-proxy';

/**
 * Data path: traffic shaped like a deployment's. Many small accounts, each made through the API as
 * a teacher would (sign-up, classrooms, students added in the drawer); every request picks a
 * random teacher; reads ask for a random page of the list, a fifth of them searching; a tenth of
 * all requests saves a student's drawer. Browsers ask for compressed answers, so the load does too.
 */

const FIRST = ['Rafi', 'Sadia', 'মেহেদী', 'Tasnim', 'আয়েশা', 'Arif', 'Nusrat', 'Karim', 'ফারহানা', 'Jahid'];
const LAST = ['Islam', 'Afrin', 'হাসান', 'Chowdhury', 'সিদ্দিকা', 'Mahmud', 'Jahan', 'Hossain', 'রহমান', 'Alam'];
const SCHOOLS = ['Dhaka Residential Model College', 'Viqarunnisa Noon School', 'Ideal School'];
/** What people type into the list's search box: names (both scripts), phone digits, student IDs. */
const SEARCHES = ['rafi', 'Sadia', 'মেহেদী', 'আয়েশা', 'hoss', 'রহমান', 'jahan', '0171', '555', 'ID-1', 'ID-42'];
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const WRITE = { 'content-type': 'application/json', 'x-batchwise-csrf': '1' };

interface BenchStudent {
  id: string;
  body: StudentSaveInput;
}

export interface BenchTeacher {
  cookie: string;
  accountId: string;
  students: BenchStudent[];
}

export interface TrafficOptions {
  teachers: number;
  studentsEach: number;
  /** Students of the one large account whose saves are measured on their own. */
  largeAccount: number;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function call<T>(appUrl: string, path: string, init: RequestInit & { cookie?: string }): Promise<T> {
  const { cookie, ...rest } = init;
  const res = await fetch(`${appUrl}${path}`, {
    ...rest,
    headers: { ...WRITE, ...(cookie ? { cookie } : {}), ...(rest.headers as Record<string, string>) },
  });
  if (res.status !== 200)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Runs `work` over `items`, `width` at a time (a few browsers adding students at once). */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * A teacher as a new user makes one: sign-up (each from an address of its own, as real sign-ups
 * are; the server trusts the loopback proxy), 3–5 classrooms, then students added one by one.
 */
async function makeTeacher(appUrl: string, index: number, students: number): Promise<BenchTeacher> {
  const phone = (n: number) => `+8801${3 + (n % 7)}${String(n).padStart(8, '0')}`;
  const { cookie, accountId } = await signUpBenchTeacher(appUrl, {
    name: `Teacher ${index}`,
    email: `teacher-${index}-${Date.now()}@bench.batchwise.bd`,
    phone: phone(90_000_000 + index),
    forwardedFor: `10.${(index >> 8) & 255}.${index & 255}.7`,
  });
  const base = `/api/accounts/${accountId}`;
  const rooms: string[] = [];
  for (let r = 0; r < 3 + (index % 3); r++) {
    const room = await call<{ id: string }>(appUrl, `${base}/classrooms`, {
      method: 'POST',
      cookie,
      body: JSON.stringify({
        grade: `Class ${6 + r}`,
        subject: ['Physics', 'Chemistry', 'Math', 'English', 'Biology'][r]!,
        name: `Batch ${String.fromCharCode(65 + r)}`,
        tuitionFeePaisa: 150_000,
      }),
    });
    rooms.push(room.id);
  }
  const made: BenchStudent[] = [];
  await inParallel(
    Array.from({ length: students }, (_, i) => i),
    4,
    async (i) => {
      const body: StudentSaveInput = {
        name: `${FIRST[(i * 7 + index) % FIRST.length]} ${LAST[(i * 3) % LAST.length]}`,
        phone: phone(index * 10_000 + i),
        institution: SCHOOLS[i % SCHOOLS.length]!,
        parent1Phone: i % 2 ? phone(50_000_000 + index * 10_000 + i) : '',
        enrolments: (i % 4 === 0
          ? [rooms[i % rooms.length]!, rooms[(i + 1) % rooms.length]!]
          : [rooms[i % rooms.length]!]
        ).map((classroomId) => ({ classroomId, tuitionFeePaisa: null })),
      };
      const { student } = await call<StudentSaveResult>(appUrl, `${base}/students`, {
        method: 'POST',
        cookie,
        body: JSON.stringify(body),
      });
      made.push({ id: student.id, body: drawerOf(student) });
    },
  );
  return { cookie, accountId, students: made };
}

/** What the drawer sends back on Save: every field and every classroom card. */
function drawerOf(student: StudentDetail): StudentSaveInput {
  return {
    name: student.name,
    phone: student.phone,
    email: student.email,
    institution: student.institution,
    customId: student.customId ?? '',
    rfid: student.rfid ?? '',
    parent1Phone: student.parent1Phone ?? '',
    parent2Phone: student.parent2Phone ?? '',
    customFields: student.customFields,
    enrolments: student.enrolments.map((e) => ({
      classroomId: e.classroomId,
      tuitionFeePaisa: e.tuitionFeePaisa,
    })),
  };
}

/** A list read: a random page 1–10; a search (first page of results) `searchShare` of the time. */
function readOf(teacher: BenchTeacher, searchShare: number): NextRequest {
  const search = Math.random() < searchShare;
  const page = search ? 1 : 1 + Math.floor(Math.random() * 10);
  const q = search ? `&q=${encodeURIComponent(pick(SEARCHES))}` : '';
  return {
    method: 'GET',
    path: `/api/accounts/${teacher.accountId}/students?page=${page}&pageSize=20${q}`,
    headers: { ...BROWSER, cookie: teacher.cookie },
  };
}

/** A drawer save: the school changed, everything else sent back as it was. */
function saveOf(teacher: BenchTeacher): NextRequest {
  const student = pick(teacher.students);
  student.body.institution = pick(SCHOOLS.filter((s) => s !== student.body.institution));
  return {
    method: 'PUT',
    path: `/api/accounts/${teacher.accountId}/students/${student.id}`,
    headers: { ...BROWSER, ...WRITE, cookie: teacher.cookie },
    body: JSON.stringify(student.body),
  };
}

function traffic(teachers: readonly BenchTeacher[], saveShare: number) {
  return (): NextRequest => {
    const teacher = pick(teachers);
    return Math.random() < saveShare ? saveOf(teacher) : readOf(teacher, 0.2);
  };
}

async function savesPerSecond(appUrl: string, teachers: readonly BenchTeacher[]): Promise<number> {
  const result = await load(appUrl, { seconds: 8, next: traffic(teachers, 1) });
  if (result.errors || result.non2xx)
    throw new Error(`saves: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return result.requestsPerSecond;
}

/**
 * The realistic figures of one server (`label`: sqlite or postgres), each traffic shape against
 * the bare hello in paired rounds (lib.ts `compareWithHello`).
 */
export async function trafficFigures(
  appUrl: string,
  helloUrl: string,
  label: 'sqlite' | 'postgres',
  options: TrafficOptions,
  /** Another API process on the same database (PostgreSQL): the mix through a balancer, 1 vs 2. */
  secondUrl?: string,
): Promise<Figure[]> {
  const goals =
    label === 'sqlite' ? { mixed: 0.1, p99: 100, reads: 0.3 } : { mixed: 0.05, p99: 150, reads: undefined };
  const seedStart = performance.now();
  const teachers: BenchTeacher[] = [];
  for (let i = 0; i < options.teachers; i++)
    teachers.push(await makeTeacher(appUrl, i, options.studentsEach));
  const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;

  const rounds = { rounds: 3, seconds: 8, warmUpSeconds: 4 };
  const mixed = await compareWithHello({ url: appUrl, next: traffic(teachers, 0.1) }, helloUrl, rounds);
  const reads = await compareWithHello({ url: appUrl, next: traffic(teachers, 0) }, helloUrl, rounds);
  const processes = secondUrl ? await balancedFigures([appUrl, secondUrl], helloUrl, teachers, rounds) : [];
  const saves = await savesPerSecond(appUrl, teachers);
  const large = await makeTeacher(appUrl, options.teachers, options.largeAccount);
  const largeSaves = await savesPerSecond(appUrl, [large]);

  const name = (figure: string) => `traffic_${label}_${figure}`;
  const size = `${options.teachers}x${options.studentsEach}`;
  return [
    { figure: name(`seed_${size}_through_api`), value: seedSeconds, unit: 's' },
    { figure: name('mixed_requests_per_second'), value: mixed.target.requestsPerSecond, unit: 'req/s' },
    {
      figure: name('mixed_vs_bare_hello'),
      value: mixed.ratio,
      unit: 'ratio',
      goal: `>= ${goals.mixed}`,
      met: mixed.ratio >= goals.mixed,
    },
    { figure: name('mixed_p50_latency'), value: mixed.target.p50Ms, unit: 'ms' },
    {
      figure: name('mixed_p99_latency'),
      value: mixed.target.p99Ms,
      unit: 'ms',
      goal: `<= ${goals.p99}`,
      met: mixed.target.p99Ms <= goals.p99,
    },
    {
      figure: name('read_only_vs_bare_hello'),
      value: reads.ratio,
      unit: 'ratio',
      ...(goals.reads === undefined ? {} : { goal: `>= ${goals.reads}`, met: reads.ratio >= goals.reads }),
    },
    { figure: name('read_only_p99_latency'), value: reads.target.p99Ms, unit: 'ms' },
    {
      figure: name(`saves_per_second_${options.studentsEach}_students`),
      value: saves,
      unit: 'req/s',
      ...(label === 'sqlite' ? { goal: '>= 1000', met: saves >= 1000 } : {}),
    },
    ...processes.map((figure) => ({ ...figure, figure: name(figure.figure) })),
    {
      figure: name(`saves_per_second_${options.largeAccount}_students`),
      value: largeSaves,
      unit: 'req/s',
      ...(label === 'sqlite' ? { goal: '>= 700', met: largeSaves >= 700 } : {}),
    },
  ];
}

/**
 * The realistic mix through a round-robin balancer (the soak's, bench/src/soak) to one API process
 * and then to two on the same database: the scale-out path's figures. Both go through the same
 * balancer, so the hop it adds is in both. On a 2-core machine shared with PostgreSQL and the load
 * this shows that the path works more than that it scales.
 */
async function balancedFigures(
  urls: readonly string[],
  helloUrl: string,
  teachers: readonly BenchTeacher[],
  rounds: { rounds: number; seconds: number; warmUpSeconds: number },
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const count of [1, 2]) {
    const proxy = await startRoundRobinProxy(urls.slice(0, count));
    try {
      const mixed = await compareWithHello(
        { url: proxy.url, next: traffic(teachers, 0.1) },
        helloUrl,
        rounds,
      );
      const size = `${count}_process${count > 1 ? 'es' : ''}`;
      figures.push(
        { figure: `mixed_${size}_requests_per_second`, value: mixed.target.requestsPerSecond, unit: 'req/s' },
        { figure: `mixed_${size}_vs_bare_hello`, value: mixed.ratio, unit: 'ratio' },
        { figure: `mixed_${size}_p50_latency`, value: mixed.target.p50Ms, unit: 'ms' },
        { figure: `mixed_${size}_p99_latency`, value: mixed.target.p99Ms, unit: 'ms' },
      );
    } finally {
      await proxy.close();
    }
  }
  return figures;
}
