import { seededRandom } from '../../apps/server/src/lib/seeded-random';
import { emptyReportCardManifest, examsOf, type ReportCardManifest } from './firebase-export-exams';
import {
  emptyMoneyManifest,
  eventsOf,
  type MoneyManifest,
  referralsOf,
  specialPaymentsOf,
  studentPayments,
} from './firebase-export-money';
import { BASE_TIME, chars, DAY, ddmmyyyy, type Json, phone, SUBJECTS, uid } from './firebase-export-seed';

/**
 * A synthetic Realtime Database export of the original product, for the Firebase import's tests
 * and the bench: the spec's tree (part 1 §3 "User record", "Batch", "Archived student", "Other
 * records"; part 2 §3) with its quirks — `UserProffession` spelt as stored, phones with and
 * without +880, keys with spaces, archived classes, tools we do not offer — at any size. It is
 * deterministic by seed and written a teacher at a time, so a 2 GB export needs no 2 GB of memory.
 * The manifest says what an import must make of it.
 */

export interface ExportOptions {
  readonly seed: number;
  readonly teachers: number;
  /** On average; each teacher gets 80–120% of it. */
  readonly studentsPerTeacher: number;
  /** Admin accounts; each oversees every fifth teacher in turn. */
  readonly admins?: number;
  /** Records pointing at nothing, each reported by the import with its reason. */
  readonly orphans?: number;
}

interface PeopleManifest {
  users: number;
  accounts: number;
  classrooms: number;
  students: number;
  enrolments: number;
  archivedClasses: number;
  parentLinks: number;
  tools: number;
  unofferedTools: number;
  studentFields: number;
  moderators: number;
  adminTeachers: number;
  /** Student sign-in records: students sign in by phone code here, so none is imported. */
  studentUsers: number;
  orphans: { entity: string; key: string }[];
}

/** Everything an import must make of an export: people and classrooms, money, events, referrals, report cards. */
export type ExportManifest = PeopleManifest & MoneyManifest & ReportCardManifest;

type Write = (chunk: string) => Promise<void> | void;

const GRADES = ['Class 9', 'Class 10', 'HSC 1st Year'];
const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'];
const CUSTOM_FIELDS = ['Date Of Birth', 'Blood Group', 'Home Address'];
interface TeacherTree {
  uid: string;
  user: Json;
  archive: Json;
  parents: [string, string, string][];
  assistant: [string, Json] | null;
  studentUser: [string, Json];
}

/** One teacher's records and what they count for, from (seed, t) alone. */
function teacher(options: ExportOptions, t: number, manifest: ExportManifest): TeacherTree {
  const rng = seededRandom(options.seed * 1_000_003 + t);
  const id = uid(options.seed, 'T', t);
  const students = Math.max(1, Math.round(options.studentsPerTeacher * (0.8 + rng() * 0.4)));
  const batchCount = Math.max(1, Math.ceil(students / 25));
  const batches: { key: string; grade: string; subject: string; data: Json }[] = [];
  for (let b = 0; b < batchCount; b++) {
    const archived = batchCount > 1 && b === batchCount - 1;
    const specialPayments = specialPaymentsOf(t, b, manifest);
    batches.push({
      key: `-N${chars(rng, 18)}`,
      grade: GRADES[b % GRADES.length]!,
      subject: SUBJECTS[Math.floor(b / GRADES.length) % SUBJECTS.length]!,
      data: {
        BatchName: `Batch ${b + 1}`,
        StreamColor: '#1677ff',
        Tution: 500 + Math.floor(rng() * 16) * 100,
        Status: archived ? 'Archived' : b % 3 === 2 ? 'Upcoming' : 'Active',
        InstituteType: 'Physical',
        StartDate: ddmmyyyy(BASE_TIME + b * DAY),
        tCollectionMonth: '2024-01',
        createdAt: BASE_TIME + b * 1000,
        Timings: {
          0: { day: 'Sunday', start: '16:00', end: '17:30' },
          1: { day: 'Tuesday', start: '16:00', end: '17:30' },
        },
        Events: eventsOf(b, manifest),
        ...(specialPayments ? { specialPayments } : {}),
        AcceptedStudents: {} as Json,
      },
    });
  }
  manifest.classrooms += batchCount;
  const userClass: Json = {};
  for (const batch of batches) {
    userClass[batch.grade] ??= {};
    const grade = userClass[batch.grade] as Json;
    grade[batch.subject] ??= { UiSubject: batch.subject, Streams: {} };
    (grade[batch.subject] as { Streams: Json }).Streams[batch.key] = batch.data;
  }

  const archive: Json = {};
  const parents: [string, string, string][] = [];
  let studentUser: [string, Json] | null = null;
  for (let s = 0; s < students; s++) {
    const n = t * 100_000 + s;
    const studentUid = uid(options.seed, 'S', n);
    const name = `Student ${t}-${s}`;
    const studentPhone = phone(`1${3 + (n % 2)}`, n, s);
    const parentPhone = s % 2 === 0 ? phone('19', n, s + 1) : '';
    const info: Json = {
      Name: name,
      Phone: studentPhone,
      UID: studentUid,
      Email: s % 3 === 0 ? `student${n}@example.com` : '',
      Institution: 'Private',
      customID: String(s + 1),
      RFIDCode: s % 4 === 0 ? `RF${n}` : '',
      parent1phone: parentPhone,
      parent2phone: '',
      avatarURL: '',
    };
    const custom = {
      'Date Of Birth': ddmmyyyy(BASE_TIME - (5000 + s) * DAY),
      'Blood Group': BLOOD_GROUPS[s % BLOOD_GROUPS.length],
      'Home Address': `House ${s}, Road ${t}, Dhaka`,
    };
    manifest.students++;
    if (parentPhone) {
      parents.push([parentPhone, studentPhone, name]);
      manifest.parentLinks++;
    }
    const first = batches[s % batchCount]!;
    if (s % 10 === 9) {
      // Archived whole: only in the archive, with the classroom it left.
      const archivedOn = BASE_TIME + 200 * DAY + s;
      archive[studentUid] = {
        Info: { ...info, archivedOn, archivedType: 'Archive' },
        ArchivedClasses: {
          [first.key]: {
            archivedBy: `Teacher ${t}`,
            archivedByUID: id,
            archivedOn,
            archivedType: 'Archive',
            grade: first.grade,
            subject: first.subject,
            batch: first.key,
            batchName: first.data.BatchName,
            teacherUID: id,
            Institution: 'Private',
            minTimestamp: archivedOn - 91 * DAY,
            maxTimestamp: archivedOn,
            TuitionFee: 400,
          },
        },
      };
      manifest.archivedClasses++;
      continue;
    }
    const joined = s % 5 === 0 && batchCount > 1 ? [first, batches[(s + 1) % batchCount]!] : [first];
    for (const [j, batch] of joined.entries()) {
      // One payment for a special payment the classroom does not hold, when orphans are asked for.
      const orphan = t === 0 && s === 0 && j === 0 && (options.orphans ?? 0) > 0 ? '-Ngone' : undefined;
      if (orphan)
        manifest.orphans.push({ entity: 'payments', key: `${id}/${batch.key}/${studentUid}/${orphan}` });
      (batch.data.AcceptedStudents as Json)[studentUid] = {
        ...info,
        ...custom,
        ...studentPayments(s, Number(batch.data.Tution), 'specialPayments' in batch.data, manifest, orphan),
        Type: 'Physical',
        VideoPermission: 'Allowed',
        AppliedDate: BASE_TIME + s * 60_000,
        AcceptedDate: BASE_TIME + s * 60_000 + 3_600_000,
        ...(s % 7 === 0 ? { TuitionFee: 300 } : {}),
      };
      manifest.enrolments++;
    }
    if (s === 0) {
      studentUser = [
        studentUid,
        {
          UID: studentUid,
          PublicInfo: {
            UID: studentUid,
            UserName: name,
            UserPhone: studentPhone,
            UserProffession: 'Student',
          },
          AcceptedClasses: {
            [first.key]: { BatchKey: first.key, Grade: first.grade, Subject: first.subject, TeacherUID: id },
          },
        },
      ];
      manifest.studentUsers++;
    }
  }

  let assistant: [string, Json] | null = null;
  if (t % 3 === 0) {
    const assistantUid = uid(options.seed, 'A', t);
    assistant = [
      assistantUid,
      {
        UID: assistantUid,
        PublicInfo: {
          UID: assistantUid,
          UserName: `Assistant ${t}`,
          UserEmail: `assistant${t}@example.com`,
          UserPhone: phone('15', t, t),
          UserProffession: 'TeacherAssistant',
        },
        Admined: id,
      },
    ];
    batches[0]!.data.AcceptedModerators = {
      [assistantUid]: { Permission: { manageStudents: true, modifyCustomID: t % 2 === 0 } },
    };
    manifest.users++;
    manifest.moderators++;
  }

  const reportCards = examsOf(batches[0]!, manifest);

  const referral = referralsOf(t, options.teachers, (n) => uid(options.seed, 'T', n), manifest);
  // A referral by an account the export does not hold, when orphans are asked for.
  if (t === 1 && (options.orphans ?? 0) > 0) {
    referral.referredBy = uid(options.seed, 'X', 0);
    manifest.orphans.push({ entity: 'referrals', key: id });
  }
  const expires = BASE_TIME + 400 * DAY;
  manifest.users++;
  manifest.accounts++;
  manifest.tools += 2;
  manifest.unofferedTools++;
  manifest.studentFields += CUSTOM_FIELDS.length;
  const user: Json = {
    UID: id,
    PublicInfo: {
      UID: id,
      UserName: `Teacher ${t}`,
      UserEmail: `teacher${t}@example.com`,
      UserProffession: 'Teacher',
      TeacherType: 'Institution',
      OnlinePayment: 'Off',
      UserInstitution: `Coaching Centre ${t}`,
      UserPhone: phone('17', t, t),
      UserLocation: 'Dhaka',
      Date: BASE_TIME,
      ...(referral.referrals ? { Referrals: referral.referrals } : {}),
    },
    ReactAppMode: t % 10 === 9 ? 'SMS_GATEWAY' : 'SMS_LMS_GATEWAY',
    ...(referral.referredBy ? { ReferredBy: referral.referredBy } : {}),
    MaxCustomID: students,
    Preferences: { currency: 'BDT', ManageMultiBranches: false, type: 'Default' },
    InstalledTools: {
      'online-pay': { Expires: expires },
      'report-cards': { Expires: expires },
      'zoom-meeting': { Expires: expires, route: 'zoom-meeting' },
    },
    pinnedTools: { 0: 'online-pay' },
    StudentsCustomInfoFields: Object.fromEntries(CUSTOM_FIELDS.map((name, i) => [i, { name }])),
    UserClass: userClass,
    ReportCards: reportCards,
    ...(t % 4 === 3
      ? {}
      : { 'SMS-Quota': { v: 200 + t, rate: t % 2 === 0 ? 0.43 : 0.68, GATEWAY: 'default' } }),
  };
  return { uid: id, user, archive, parents, assistant, studentUser: studentUser! };
}

/** Admin a oversees teachers 5k with k ≡ a (mod admins). */
function admin(options: ExportOptions, a: number, admins: number, manifest: ExportManifest): [string, Json] {
  const id = uid(options.seed, 'D', a);
  const teachers: Json = {};
  for (let t = a * 5; t < options.teachers; t += admins * 5) {
    teachers[uid(options.seed, 'T', t)] = `Teacher ${t}`;
    manifest.adminTeachers++;
  }
  manifest.users++;
  manifest.accounts++;
  return [
    id,
    {
      UID: id,
      PublicInfo: {
        UID: id,
        UserName: `Admin ${a}`,
        UserEmail: `admin${a}@example.com`,
        UserProffession: 'Admin',
        UserInstitution: `Head Office ${a}`,
        UserPhone: phone('16', a, a),
      },
      ReactAppMode: 'SMS_LMS_GATEWAY',
      Teachers: teachers,
    },
  ];
}

/** One keyed JSON object written an entry at a time. */
async function object(write: Write, key: string, entries: () => AsyncGenerator<[string, unknown]>) {
  await write(`${JSON.stringify(key)}:{`);
  let first = true;
  for await (const [k, v] of entries()) {
    await write(`${first ? '' : ','}${JSON.stringify(k)}:${JSON.stringify(v)}`);
    first = false;
  }
  await write('}');
}

/**
 * Writes the export through `write` (await it for back-pressure) and returns its manifest.
 * The top-level order puts the parent mapper and the archive before USERS: an import must not
 * depend on the order of a tree.
 */
export async function writeFirebaseExport(options: ExportOptions, write: Write): Promise<ExportManifest> {
  const manifest: ExportManifest = {
    users: 0,
    accounts: 0,
    classrooms: 0,
    students: 0,
    enrolments: 0,
    archivedClasses: 0,
    parentLinks: 0,
    tools: 0,
    unofferedTools: 0,
    studentFields: 0,
    moderators: 0,
    adminTeachers: 0,
    ...emptyReportCardManifest(),
    studentUsers: 0,
    ...emptyMoneyManifest(),
    orphans: [],
  };
  const admins = options.admins ?? Math.ceil(options.teachers / 10);
  const orphans = options.orphans ?? 0;
  // Counts come from the USERS pass; the other sections regenerate a teacher into a scratch count.
  const uncounted = (t: number) => teacher(options, t, { ...manifest, orphans: [] });

  await write('{');
  await object(write, 'PARENT-STUDENT-MAPPER', async function* () {
    for (let t = 0; t < options.teachers; t++) {
      const byParent = new Map<string, Json>();
      for (const [parent, student, name] of uncounted(t).parents)
        byParent.set(parent, { ...(byParent.get(parent) ?? {}), [student]: name });
      yield* byParent.entries();
    }
    for (let o = 0; o < orphans; o += 2) {
      const parent = phone('18', o, 0);
      manifest.orphans.push({ entity: 'parentLinks', key: `${parent}/${phone('11', o, 0)}` });
      yield [parent, { [phone('11', o, 0)]: 'Nobody' }];
    }
  });
  await write(',');
  await object(write, 'StudentArchive', async function* () {
    for (let t = 0; t < options.teachers; t++) {
      const tree = uncounted(t);
      yield [tree.uid, tree.archive];
    }
    for (let o = 1; o < orphans; o += 2) {
      const missing = uid(options.seed, 'X', o);
      manifest.orphans.push({ entity: 'archivedClasses', key: `${missing}/${uid(options.seed, 'S', -o)}` });
      yield [missing, { [uid(options.seed, 'S', -o)]: { Info: { Name: 'Gone', Phone: phone('11', o, 0) } } }];
    }
  });
  await write(',');
  await object(write, 'USERS', async function* () {
    for (let t = 0; t < options.teachers; t++) {
      const tree = teacher(options, t, manifest);
      yield [tree.uid, tree.user];
      if (tree.assistant) yield tree.assistant;
      yield tree.studentUser;
    }
    for (let a = 0; a < admins; a++) yield admin(options, a, admins, manifest);
  });
  await write(',"StaticData":{"ReactAppTools":{"0":{"key":"online-pay","position":1}}}}');
  return manifest;
}
