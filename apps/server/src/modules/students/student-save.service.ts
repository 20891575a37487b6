import {
  DEFAULT_INSTITUTION,
  DEFAULT_STUDENT_TYPE,
  DEFAULT_VIDEO_PERMISSION,
  type EnrolmentInput,
  MESSAGES,
  nextMaxCustomId,
  type StudentSave,
  type StudentSaveResult,
  studentInstitutionError,
  suggestCustomId,
} from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { ClassroomRow, Database, StudentsTable } from '../../db/schema';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import {
  type AccessPolicy,
  type AccountScope,
  managesStudentsIn,
  modifiesCustomIdIn,
  seesClassroom,
} from '../access/access.policy';
import { AccountsRepository } from '../accounts/accounts.repository';
import type { EventBus } from '../events/event-bus';
import { IdentityRepository } from '../identity/identity.repository';
import type { SmsWelcomeService } from '../sms/sms-welcome.service';
import type { WebhookSubscriptions } from '../webhooks/webhook-subscriptions';
import { EnrolmentsRepository } from './enrolments.repository';
import { PersonRepository } from './person.repository';
import { clashLookup, refuseClash } from './student-clash';
import {
  loadStudent,
  mayEdit,
  mayModifyCustomId,
  personKeyOf,
  type StudentContext,
  scopeOf,
  toStudentDetail,
} from './student-context';
import { recordSave } from './student-save-record';
import { StudentsRepository } from './students.repository';
import { institutionRequired, publishStudents, type StudentsService } from './students.service';

export interface StudentSaveDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  students: StudentsService;
  /** Sends the welcome SMS to a student just added (part 1 §3 WelcomeSMS). */
  welcome: Pick<SmsWelcomeService, 'sendFor'>;
  /** The endpoints a save's `student.created` / `student.updated` webhook goes to. */
  webhooks: WebhookSubscriptions;
}

type Target = { room: ClassroomRow; fee: number | null };
/** The fields a save writes to every record of the person. */
type Identity = Pick<
  StudentsTable,
  | 'name'
  | 'phone'
  | 'email'
  | 'institution'
  | 'custom_id'
  | 'rfid'
  | 'parent1_phone'
  | 'parent2_phone'
  | 'updated_at'
>;

/** What a save wrote to the student's own record. */
interface Written {
  studentId: string;
  identity: Identity;
  customFields: string;
}

/** Parent links follow the parent phones: rewritten only when one of them changes. */
const parentsChanged = (
  before: Pick<StudentsTable, 'parent1_phone' | 'parent2_phone'>,
  after: Pick<StudentsTable, 'parent1_phone' | 'parent2_phone'>,
) => before.parent1_phone !== after.parent1_phone || before.parent2_phone !== after.parent2_phone;

/** Who is saved: an existing student (with the same person's records) or a new one. */
interface Subject {
  accountId: string;
  scope: AccountScope;
  team: AccountScope[];
  ctx: StudentContext | null;
  appMode: string;
}

/**
 * The drawer's save, adding a student and including them in classrooms: each one transaction, so
 * a failure anywhere leaves nothing changed (spec part 2 §4 "Save flow"; issue: atomic on the server).
 */
export class StudentSaveService {
  constructor(private readonly deps: StudentSaveDeps) {}

  async create(principal: Principal, accountId: string, input: StudentSave): Promise<StudentSaveResult> {
    const team = await this.deps.access.teamScopes(principal, accountId);
    const scope = scopeOf({ team }, accountId)!;
    const account = await new AccountsRepository(this.deps.db.kysely).findById(accountId);
    if (!account) throw notFound();
    const subject: Subject = { accountId, scope, team, ctx: null, appMode: account.app_mode };
    const targets = await this.targets(principal, subject, input.enrolments);
    const accountWide =
      scope.relation !== 'assistant' || (scope.classrooms === 'all' && scope.manageStudents);
    if (!accountWide && targets.length === 0) throw failure(403, 'MANAGE_STUDENTS_REQUIRED', { batch: '-' });
    if (
      input.customId &&
      !modifiesCustomIdIn(
        scope,
        targets.map((t) => t.room.id),
      )
    ) {
      throw failure(403, 'MODIFY_CUSTOM_ID_REQUIRED');
    }
    const { studentId } = await this.write(principal, subject, input, targets, 'create');
    await this.deps.welcome.sendFor(accountId, [studentId], principal.user.id);
    return this.answer(principal, accountId, studentId, 'STUDENT_ADDED');
  }

  async save(
    principal: Principal,
    accountId: string,
    studentId: string,
    input: StudentSave,
  ): Promise<StudentSaveResult> {
    const subject = await this.subject(principal, accountId, studentId);
    const ctx = subject.ctx!;
    if (!mayEdit(ctx)) {
      throw failure(403, 'MANAGE_STUDENTS_REQUIRED', { batch: ctx.enrolments[0]?.classroom_name ?? '-' });
    }
    if (input.customId !== (ctx.student.custom_id ?? '') && !mayModifyCustomId(ctx)) {
      throw failure(403, 'MODIFY_CUSTOM_ID_REQUIRED');
    }
    const targets = await this.targets(principal, subject, input.enrolments);
    const added = targets.some((t) => !ctx.enrolments.some((e) => e.classroom_id === t.room.id));
    const written = await this.write(principal, subject, input, targets, 'save');
    if (targets.length === 0) {
      // No classroom changed: the loaded context with the written fields is what a reload would
      // read (the one record's row, its enrolments and the team), three statements fewer a save.
      const student = { ...ctx.student, ...written.identity, custom_fields: written.customFields };
      const saved = { ...ctx, student };
      const canInclude = (await this.deps.students.includeChoices(saved, principal)).length > 0;
      return {
        student: toStudentDetail(saved, canInclude),
        code: 'STUDENT_UPDATED',
        message: MESSAGES.STUDENT_UPDATED,
      };
    }
    // The administrator version says "Included successfully!" after including (part 2 §4).
    const adminVersion = subject.team.length > 1 || subject.scope.relation === 'admin';
    return this.answer(
      principal,
      accountId,
      studentId,
      added && adminVersion ? 'STUDENT_INCLUDED' : 'STUDENT_UPDATED',
    );
  }

  /** The include modal's Add on its own: identity unchanged, only manageStudents on each classroom. */
  async include(
    principal: Principal,
    accountId: string,
    studentId: string,
    classrooms: EnrolmentInput[],
  ): Promise<StudentSaveResult> {
    const subject = await this.subject(principal, accountId, studentId);
    const s = subject.ctx!.student;
    const unchanged: StudentSave = {
      name: s.name,
      phone: s.phone,
      email: s.email ?? '',
      institution: s.institution,
      customId: s.custom_id ?? '',
      rfid: s.rfid ?? '',
      parent1Phone: s.parent1_phone ?? '',
      parent2Phone: s.parent2_phone ?? '',
      customFields: JSON.parse(s.custom_fields) as Record<string, string>,
      enrolments: classrooms.map((c) => ({
        classroomId: c.classroomId,
        tuitionFeePaisa: c.tuitionFeePaisa ?? null,
      })),
    };
    // Including always needs manageStudents on each classroom, even one the student is already in.
    const targets = await this.targets(principal, subject, unchanged.enrolments, true);
    await this.write(principal, subject, unchanged, targets, 'include');
    return this.answer(principal, accountId, studentId, 'STUDENT_INCLUDED');
  }

  private async subject(principal: Principal, accountId: string, studentId: string): Promise<Subject> {
    const ctx = await loadStudent(this.deps.db.kysely, this.deps.access, principal, accountId, studentId);
    return { accountId, scope: ctx.scope, team: ctx.team, ctx, appMode: ctx.student.app_mode };
  }

  /**
   * The classrooms to add or re-price: each open, in the team, seen by the caller, and managed by
   * them (manageStudents). A classroom out of reach is 404, like one that does not exist. Unless
   * strict, cards sent back unchanged are dropped first (the drawer sends every card).
   */
  private async targets(
    principal: Principal,
    subject: Subject,
    inputs: readonly EnrolmentInput[],
    strict = false,
  ): Promise<Target[]> {
    const wanted = new Map(inputs.map((e) => [e.classroomId, e.tuitionFeePaisa ?? null]));
    const rooms = await this.deps.students.classrooms([...wanted.keys()], principal);
    return [...wanted].flatMap(([classroomId, wantedFee]) => {
      const room = rooms.find((r) => r.id === classroomId);
      const scope = room && scopeOf(subject, room.account_id);
      if (!room || !scope || !seesClassroom(scope, room.id)) throw notFound();
      // The "Modified Tuition Fee" applies only when it differs from the classroom's fee.
      const fee = wantedFee === null || wantedFee === room.tuition_fee ? null : wantedFee;
      // A card sent back unchanged is no change, whoever may manage that classroom.
      const current = subject.ctx?.enrolments.find((e) => e.classroom_id === room.id);
      if (current && current.tuition_fee === fee && !strict) return [];
      if (room.closed_at !== null) throw failure(409, 'CLASSROOM_CLOSED');
      if (!managesStudentsIn(scope, room.id))
        throw failure(403, 'MANAGE_STUDENTS_REQUIRED', { batch: room.name });
      return [{ room, fee }];
    });
  }

  private async write(
    principal: Principal,
    subject: Subject,
    input: StudentSave,
    targets: readonly Target[],
    mode: 'create' | 'save' | 'include',
  ): Promise<Written> {
    const required = institutionRequired(subject.scope, subject.appMode);
    const missing = studentInstitutionError(input.institution, required);
    if (missing) throw failure(400, missing.code);
    const institution = input.institution || DEFAULT_INSTITUTION;
    const now = this.deps.clock.now();
    const ctx = subject.ctx;
    const studentId = ctx?.student.id ?? newId(now);
    const touched = new Set<string>([subject.accountId, ...targets.map((t) => t.room.account_id)]);
    const customFields = JSON.stringify(input.customFields);

    const endpoints =
      mode === 'include' ? undefined : await this.deps.webhooks.enabled(subject.accountId, principal);
    const identity = await this.deps.db.kysely.transaction().execute(async (trx) => {
      const students = new StudentsRepository(trx);
      const enrolments = new EnrolmentsRepository(trx);
      // A suggested ID holds the counter until commit, so parallel adds never suggest the same one.
      const suggest = mode === 'create' && !input.customId;
      // Else, on PostgreSQL, where each statement is a round trip, the counter is read with the
      // clash candidates in one; SQLite runs the two plain reads in less time than the joined one.
      const { counter, candidates } =
        suggest || this.deps.db.dialect !== 'postgres'
          ? {
              counter: await students.counterAccount(subject.accountId, { hold: suggest }),
              candidates: undefined,
            }
          : await new PersonRepository(trx).counterWithClashCandidates(
              subject.accountId,
              clashLookup(subject, input),
            );
      const customId = input.customId || (suggest ? suggestCustomId(counter.max_custom_id) : '');
      await refuseClash(trx, subject, { ...input, customId }, candidates);

      const identity: Identity = {
        name: input.name,
        phone: input.phone,
        email: input.email || null,
        institution,
        custom_id: customId || null,
        rfid: input.rfid || null,
        parent1_phone: input.parent1Phone || null,
        parent2_phone: input.parent2Phone || null,
        updated_at: now,
      };
      const parents = [input.parent1Phone, input.parent2Phone]
        .map((p) => p.replace(/D$/i, ''))
        .filter(Boolean);
      if (ctx) {
        await students.update(studentId, { ...identity, custom_fields: customFields });
        // Re-sync the same person's records with teachers the caller may act on, only where the
        // student is already accepted (part 2 §4).
        const accepted = new Set(
          ctx.enrolments.filter((e) => e.accepted_at !== null).map((e) => e.student_id),
        );
        for (const record of ctx.records) {
          if (record.id === studentId || !accepted.has(record.id)) continue;
          await students.update(record.id, identity);
          if (parentsChanged(record, identity)) await students.replaceParentLinks(record.id, parents, now);
          touched.add(record.account_id);
        }
        // The record's sign-in follows its name only when it is a link user this team made
        // alone; a user's own identity changes only by that user (modules/identity/IDENTITY.md).
        if (ctx.student.user_id) {
          await new IdentityRepository(trx).updateLinkUser(
            ctx.student.user_id,
            subject.team.map((t) => t.accountId),
            { name: input.name, updated_at: now },
          );
        }
      } else {
        await students.insert({
          id: studentId,
          account_id: subject.accountId,
          user_id: null,
          avatar_key: null,
          ...identity,
          custom_fields: customFields,
          created_at: now,
          person_id: null,
          archived_at: null,
        });
      }
      if (!ctx || parentsChanged(ctx.student, identity))
        await students.replaceParentLinks(studentId, parents, now);

      const added: string[] = [];
      for (const { room, fee } of targets) {
        const recordId = await this.recordIn(trx, subject, studentId, room.account_id, identity, now);
        const existing = await enrolments.find(recordId, room.id);
        if (existing) {
          if (existing.tuition_fee !== fee) await enrolments.setFee(existing.id, fee);
          continue;
        }
        await enrolments.insert({
          id: newId(now),
          student_id: recordId,
          classroom_id: room.id,
          applied_at: now,
          accepted_at: now,
          tuition_fee: fee,
          type: DEFAULT_STUDENT_TYPE,
          video_permission: DEFAULT_VIDEO_PERMISSION,
        });
        await enrolments.setArchived([recordId], null);
        added.push(room.name);
      }

      const raised = nextMaxCustomId(counter.max_custom_id, customId);
      if (raised > counter.max_custom_id) await students.raiseMaxCustomId(counter.id, raised);

      await recordSave(trx, principal, {
        accountId: subject.accountId,
        studentId,
        mode,
        identity,
        addedTo: added,
        now,
        endpoints,
      });
      return identity;
    });
    for (const accountId of touched) await publishStudents(this.deps.events, accountId);
    return { studentId, identity, customFields };
  }

  /**
   * The person's record in the classroom's account: the student itself, a copy made earlier, or a
   * new copy (an admin including a student with another of their teachers).
   */
  private async recordIn(
    trx: Kysely<Database>,
    subject: Subject,
    studentId: string,
    accountId: string,
    identity: Identity,
    now: number,
  ): Promise<string> {
    if (accountId === subject.accountId) return studentId;
    const existing = subject.ctx?.records.find((r) => r.account_id === accountId);
    if (existing) return existing.id;
    const id = newId(now);
    await new StudentsRepository(trx).insert({
      ...identity,
      id,
      account_id: accountId,
      user_id: subject.ctx?.student.user_id ?? null,
      avatar_key: subject.ctx?.student.avatar_key ?? null,
      custom_fields: '{}',
      created_at: now,
      person_id: subject.ctx ? personKeyOf(subject.ctx.student) : studentId,
      archived_at: null,
    });
    return id;
  }

  private async answer(
    principal: Principal,
    accountId: string,
    studentId: string,
    code: StudentSaveResult['code'],
  ): Promise<StudentSaveResult> {
    const student = await this.deps.students.detail(principal, accountId, studentId);
    return { student, code, message: MESSAGES[code] };
  }
}
