import { setImmediate as yieldTurn } from 'node:timers/promises';
import {
  DEFAULT_INSTITUTION,
  DEFAULT_STUDENT_TYPE,
  DEFAULT_VIDEO_PERMISSION,
  domainError,
  hasDuplicateMark,
  type InterfaceLanguage,
  nextMaxCustomId,
  ONBOARDING_LIMITS,
  ONBOARDING_SHEET_NAME,
  type OnboardedStudent,
  type OnboardingCheck,
  type OnboardingClassroom,
  type OnboardingError,
  type OnboardingImported,
  onboardingEntityLabel,
  stripDuplicateMark,
  validateOnboardingRows,
} from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import { AccountsRepository } from '../accounts/accounts.repository';
import { logActivity } from '../activity/activity';
import { ClassroomsRepository } from '../classrooms/classrooms.repository';
import type { EventBus } from '../events/event-bus';
import { readSpreadsheet, type SheetRows, type UploadedSpreadsheet } from '../media/spreadsheets';
import type { SmsWelcomeService } from '../sms/sms-welcome.service';
import { StudentsRepository } from '../students/students.repository';
import { publishStudents } from '../students/students.service';
import { requireOnboarder } from './onboarding.policy';
import { OnboardingRepository } from './onboarding.repository';
import { onboardingTemplateFile } from './onboarding-template';

export interface OnboardingDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  welcome: Pick<SmsWelcomeService, 'sendFor'>;
}

/**
 * Rows read from the sheet: the students a file may hold plus the template's 1000 filler rows; a
 * longer sheet is refused as too many students instead of being cut off unseen.
 */
const READ_ROWS = ONBOARDING_LIMITS.rows * 2;
/** Columns read: the seven student columns and a classroom column each, generously. */
const READ_COLUMNS = 500;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A classroom's column header: its name with grade and subject, so two "Batch A" stay apart. */
function columnOf(room: { id: string; name: string; grade: string; subject: string }): OnboardingClassroom {
  return { key: room.id, name: `${room.name} (${room.grade}, ${room.subject})` };
}

/**
 * Bulk onboarding (spec part 1 §5 "Bulk onboarding file"): the template, a check of a
 * filled file that writes nothing, and the import — every student, parent link, enrolment, the
 * MaxCustomID counter and the activity entry in one transaction, or nothing. The import checks the
 * file again inside its transaction, so a file that became a clash meanwhile (the same file
 * imported twice) is refused rather than doubled.
 */
export class OnboardingService {
  constructor(private readonly deps: OnboardingDeps) {}

  async template(principal: Principal, accountId: string, lang: InterfaceLanguage) {
    const { account, classrooms } = await this.context(principal, accountId, this.deps.db.kysely);
    return {
      fileName: `${ONBOARDING_SHEET_NAME}.xlsx`,
      contentType: XLSX,
      body: await onboardingTemplateFile(classrooms, accountTypeOf(account.preferences), lang),
    };
  }

  async check(
    principal: Principal,
    accountId: string,
    upload: () => Promise<UploadedSpreadsheet>,
  ): Promise<OnboardingCheck> {
    const context = await this.context(principal, accountId, this.deps.db.kysely);
    const file = await upload();
    const checked = await this.checkSheet(this.deps.db.kysely, accountId, context, await readSheet(file));
    return {
      fileName: file.fileName,
      entityLabel: onboardingEntityLabel(accountTypeOf(context.account.preferences)),
      ok: checked.errors.length === 0,
      errors: checked.errors.map((e) => ({ code: e.code, message: e.message, rows: [...e.rows] })),
      students: checked.students.map((s) => ({
        row: s.row,
        customId: s.customID,
        name: s.name,
        phone: s.phone,
        email: s.email,
        rfid: s.rfid,
        parent1Phone: s.parent1phone,
        parent2Phone: s.parent2phone,
        classroomIds: [...s.classroomKeys],
      })),
      classrooms: countsBy(context.rooms, checked.students),
    };
  }

  async import(
    principal: Principal,
    accountId: string,
    upload: () => Promise<UploadedSpreadsheet>,
    options: { welcomeSms: boolean },
  ): Promise<OnboardingImported> {
    await this.context(principal, accountId, this.deps.db.kysely);
    const file = await upload();
    // Parsed before the transaction (the same bytes give the same rows; what may change meanwhile,
    // classrooms and students, is checked inside it): on SQLite the transaction holds the one
    // writer, and every other save would wait through the parse too.
    const sheet = await readSheet(file);
    const now = this.deps.clock.now();
    const { students, rooms } = await this.deps.db.kysely.transaction().execute(async (trx) => {
      const context = await this.context(principal, accountId, trx);
      const checked = await this.checkSheet(trx, accountId, context, sheet);
      const [first] = checked.errors;
      if (first) throw new AppError(400, first.code, first.message, first.params);
      const written = await this.write(trx, accountId, checked.students, now);
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Onboard Students',
          message: { key: 'studentsImported', params: { count: written.length, file: file.fileName } },
          data: { count: written.length, modifierId: principal.user.id, modifierName: principal.user.name },
        },
        now,
      );
      return { students: written, rooms: context.rooms };
    });
    await publishStudents(this.deps.events, accountId);
    const welcomeSms = options.welcomeSms
      ? await this.deps.welcome.sendFor(
          accountId,
          students.map((s) => s.id),
          principal.user.id,
        )
      : 0;
    return {
      created: students.length,
      enrolments: students.reduce((sum, s) => sum + s.classroomKeys.length, 0),
      classrooms: countsBy(rooms, students),
      welcomeSms,
    };
  }

  /** The account, its open classrooms and their column headers, for a caller who may onboard. */
  private async context(principal: Principal, accountId: string, db: Kysely<Database>) {
    requireOnboarder(await this.deps.access.requireAccount(principal, accountId));
    const account = await new AccountsRepository(db).findById(accountId);
    if (!account) throw notFound();
    const rooms = await new ClassroomsRepository(db).openOf(accountId);
    return { account, rooms, classrooms: rooms.map(columnOf) };
  }

  /** The spec's checks of the sheet's rows, then the clashes with students the account already has. */
  private async checkSheet(
    db: Kysely<Database>,
    accountId: string,
    context: { classrooms: readonly OnboardingClassroom[] },
    sheet: SheetRows | undefined,
  ) {
    if (sheet && sheet.rows.length > READ_ROWS)
      return { errors: [issue('ONBOARDING_TOO_MANY_STUDENTS', [])], students: [] };
    const result = validateOnboardingRows(sheet?.rows, context.classrooms);
    // A turn for other requests between the long synchronous steps of a large file.
    await yieldTurn();
    const errors: OnboardingError[] = [...result.errors];
    if (result.students.length > 0 && errors.every((e) => e.code !== 'ONBOARDING_TOO_MANY_STUDENTS')) {
      const clashes = await this.clashes(db, accountId, result.students);
      if (clashes.length > 0) errors.push(issue('ONBOARDING_CLASHES', clashes));
    }
    return { errors, students: result.students };
  }

  /** Rows whose phone (without a D), student ID or RFID code a student of the account holds. */
  private async clashes(db: Kysely<Database>, accountId: string, students: readonly OnboardedStudent[]) {
    const phoneOf = (s: OnboardedStudent) => (s.phone && !hasDuplicateMark(s.phone) ? s.phone : '');
    const taken = await new OnboardingRepository(db).taken([accountId], {
      phones: students.map(phoneOf).filter(Boolean),
      customIds: students.map((s) => s.customID.toLowerCase()).filter(Boolean),
      rfids: students.map((s) => s.rfid.toLowerCase()).filter(Boolean),
    });
    return students
      .filter(
        (s) =>
          taken.phones.has(phoneOf(s)) ||
          taken.customIds.has(s.customID.toLowerCase()) ||
          (s.rfid !== '' && taken.rfids.has(s.rfid.toLowerCase())),
      )
      .map((s) => s.row);
  }

  private async write(
    trx: Kysely<Database>,
    accountId: string,
    students: readonly OnboardedStudent[],
    now: number,
  ) {
    const written = students.map((s) => ({ ...s, id: newId(now) }));
    const repo = new OnboardingRepository(trx);
    await repo.insertStudents(
      written.map((s) => ({
        id: s.id,
        account_id: accountId,
        user_id: null,
        avatar_key: null,
        name: s.name,
        phone: s.phone,
        email: s.email || null,
        institution: DEFAULT_INSTITUTION,
        custom_id: s.customID,
        rfid: s.rfid || null,
        parent1_phone: s.parent1phone || null,
        parent2_phone: s.parent2phone || null,
        custom_fields: '{}',
        created_at: now,
        updated_at: now,
        person_id: null,
        archived_at: null,
      })),
    );
    await repo.insertParentLinks(
      written.flatMap((s) =>
        [...new Set([s.parent1phone, s.parent2phone].map(stripDuplicateMark).filter(Boolean))].map(
          (parent_phone) => ({ parent_phone, student_id: s.id, created_at: now }),
        ),
      ),
    );
    await repo.insertEnrolments(
      written.flatMap((s) =>
        s.classroomKeys.map((classroom_id) => ({
          id: newId(now),
          student_id: s.id,
          classroom_id,
          applied_at: now,
          accepted_at: now,
          tuition_fee: null,
          type: DEFAULT_STUDENT_TYPE,
          video_permission: DEFAULT_VIDEO_PERMISSION,
        })),
      ),
    );
    const records = new StudentsRepository(trx);
    const counter = await records.counterAccount(accountId);
    const raised = written.reduce((max, s) => nextMaxCustomId(max, s.customID), counter.max_custom_id);
    if (raised > counter.max_custom_id) await records.raiseMaxCustomId(counter.id, raised);
    return written;
  }
}

/** The onboarding worksheet of the file (a CSV is its own sheet), or none. */
async function readSheet(file: UploadedSpreadsheet): Promise<SheetRows | undefined> {
  const sheets = await readSpreadsheet(file, { rows: READ_ROWS, columns: READ_COLUMNS });
  // A CSV has no sheet names: the file is the sheet.
  return file.kind === 'csv' ? sheets[0] : sheets.find((s) => s.name.trim() === ONBOARDING_SHEET_NAME);
}

function issue(code: 'ONBOARDING_CLASHES' | 'ONBOARDING_TOO_MANY_STUDENTS', rows: number[]): OnboardingError {
  return { ...domainError(code), rows };
}

/** The account's type from its preferences JSON: business accounts onboard clients. */
function accountTypeOf(preferences: string): string {
  return (JSON.parse(preferences) as { type?: string }).type ?? 'Default';
}

function countsBy(
  rooms: readonly { id: string; name: string }[],
  students: readonly { classroomKeys: readonly string[] }[],
) {
  return rooms.map((room) => ({
    id: room.id,
    name: room.name,
    students: students.filter((s) => s.classroomKeys.includes(room.id)).length,
  }));
}
