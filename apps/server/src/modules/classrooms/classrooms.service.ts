import type {
  Classroom,
  ClassroomDetail,
  ClassroomPayload,
  ClassroomTiming,
  classroomGrantSchema,
} from '@batchwise/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { ClassroomRow } from '../../db/schema';
import type { Storage } from '../../drivers/storage/storage';
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
import { logActivity } from '../activity/activity';
import type { EventBus } from '../events/event-bus';
import { pictureUrl, storePicture } from '../media/images';
import { ClassroomsRepository } from './classrooms.repository';

type ClassroomWithTeacher = ClassroomRow & { teacher_name: string; student_count: number | string | null };

export function parseTimings(text: string | null): ClassroomTiming[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as ClassroomTiming[]) : [];
  } catch {
    return [];
  }
}

export function toClassroom(row: ClassroomWithTeacher, scope: AccountScope): Classroom {
  return {
    id: row.id,
    accountId: row.account_id,
    teacherName: row.teacher_name,
    grade: row.grade,
    subject: row.subject,
    name: row.name,
    color: row.color,
    avatarUrl: pictureUrl(row.avatar_key),
    tuitionFeePaisa: row.tuition_fee,
    status: row.status,
    type: row.type,
    startDate: row.start_date,
    timings: parseTimings(row.timings),
    collectionMonth: row.collection_month,
    createdAt: row.created_at,
    closedAt: row.closed_at,
    studentCount: Number(row.student_count ?? 0),
    manageStudents: managesStudentsIn(scope, row.id),
    modifyCustomId: modifiesCustomIdIn(scope, [row.id]),
  };
}

export interface ClassroomsDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  storage: Storage;
  events: EventBus;
}

/**
 * Classrooms (batches): owners and admins create, edit and close them; assistants see only the
 * classrooms of their accepted grants, never the others.
 */
export class ClassroomsService {
  private readonly repo: ClassroomsRepository;

  constructor(private readonly deps: ClassroomsDeps) {
    this.repo = new ClassroomsRepository(deps.db.kysely);
  }

  async list(principal: Principal, accountId: string, includeClosed: boolean): Promise<Classroom[]> {
    const scopes = await this.deps.access.listScopes(principal, accountId);
    const rows = await this.repo.list(
      scopes.map((s) => s.accountId),
      { includeClosed },
    );
    return rows.flatMap((row) => {
      const scope = scopes.find((s) => s.accountId === row.account_id);
      return scope && seesClassroom(scope, row.id) ? [toClassroom(row, scope)] : [];
    });
  }

  async detail(principal: Principal, accountId: string, classroomId: string): Promise<ClassroomDetail> {
    const { scope, row } = await this.visible(principal, accountId, classroomId);
    const roster = await this.repo.roster(classroomId);
    const fees = roster.map((s) => s.tuition_fee ?? row.tuition_fee);
    const moderators =
      scope.relation === 'assistant' ? [] : await this.repo.moderatorsOf(accountId, classroomId);
    // One line per assistant: a grant for this classroom overrides their account-wide one here.
    const byUser = new Map<string, (typeof moderators)[number]>();
    for (const m of moderators) if (!byUser.has(m.user_id) || m.classroom_id) byUser.set(m.user_id, m);
    return {
      classroom: toClassroom(row, scope),
      students: roster.map((s) => ({
        studentId: s.id,
        name: s.name,
        phone: s.phone,
        customId: s.custom_id,
        avatarUrl: pictureUrl(s.avatar_key),
        tuitionFeePaisa: s.tuition_fee ?? row.tuition_fee,
        feeOverridden: s.tuition_fee !== null,
        appliedAt: s.applied_at,
        acceptedAt: s.accepted_at,
      })),
      fees: {
        defaultPaisa: row.tuition_fee,
        overrides: roster.filter((s) => s.tuition_fee !== null).length,
        monthlyTotalPaisa: fees.reduce((sum, fee) => sum + fee, 0),
      },
      moderators: [...byUser.values()].map((m) => ({
        userId: m.user_id,
        name: m.name,
        phone: m.phone,
        email: m.email,
        grant: m.classroom_id ? ('classroom' as const) : ('account' as const),
        manageStudents: m.manage_students === 1,
        modifyCustomId: m.modify_custom_id === 1,
        sendSms: m.send_sms === 1,
        collectPayments: m.collect_payments === 1,
        blocked: m.blocked === 1,
      })),
    };
  }

  async create(principal: Principal, accountId: string, input: ClassroomPayload): Promise<Classroom> {
    const scope = await this.manager(principal, accountId);
    const now = this.deps.clock.now();
    const id = newId(now);
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new ClassroomsRepository(trx);
      if (await repo.findByPath(accountId, input.grade, input.subject, input.name)) {
        throw failure(409, 'CLASSROOM_EXISTS', { name: input.name });
      }
      await repo.insert({
        id,
        account_id: accountId,
        ...columns(input, now),
        avatar_key: null,
        created_at: now,
        closed_at: null,
      });
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Create Classroom',
          message: { key: 'classroomCreated', params: { classroom: input.name } },
          subjectType: 'classroom',
          subjectId: id,
        },
        now,
      );
    });
    await this.changed(accountId);
    return toClassroom((await this.repo.find(id))!, scope);
  }

  async update(
    principal: Principal,
    accountId: string,
    classroomId: string,
    input: ClassroomPayload,
  ): Promise<Classroom> {
    const scope = await this.manager(principal, accountId);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new ClassroomsRepository(trx);
      const current = await repo.find(classroomId);
      if (current?.account_id !== accountId) throw notFound();
      const same = await repo.findByPath(accountId, input.grade, input.subject, input.name);
      if (same && same.id !== classroomId) throw failure(409, 'CLASSROOM_EXISTS', { name: input.name });
      await repo.update(classroomId, columns(input, now));
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Edit Classroom',
          message: { key: 'classroomEdited', params: { classroom: input.name } },
          subjectType: 'classroom',
          subjectId: classroomId,
        },
        now,
      );
    });
    await this.changed(accountId);
    return toClassroom((await this.repo.find(classroomId))!, scope);
  }

  /** Closing keeps the classroom and its students (reports still read them) but hides it from lists. */
  async setClosed(
    principal: Principal,
    accountId: string,
    classroomId: string,
    closed: boolean,
  ): Promise<Classroom> {
    const scope = await this.manager(principal, accountId);
    const row = await this.repo.find(classroomId);
    if (row?.account_id !== accountId) throw notFound();
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new ClassroomsRepository(trx).update(classroomId, {
        closed_at: closed ? now : null,
        updated_at: now,
      });
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: closed ? 'Close Classroom' : 'Reopen Classroom',
          message: { key: closed ? 'classroomClosed' : 'classroomReopened', params: { classroom: row.name } },
          subjectType: 'classroom',
          subjectId: classroomId,
        },
        now,
      );
    });
    await this.changed(accountId);
    return toClassroom((await this.repo.find(classroomId))!, scope);
  }

  /** The upload is read only after the caller proved they manage the classroom. */
  async setAvatar(
    principal: Principal,
    accountId: string,
    classroomId: string,
    readUpload: () => Promise<Buffer>,
  ): Promise<string> {
    await this.manager(principal, accountId);
    const row = await this.repo.find(classroomId);
    if (row?.account_id !== accountId) throw notFound();
    const now = this.deps.clock.now();
    const key = await storePicture(this.deps.storage, 'classrooms', await readUpload(), now);
    await this.repo.update(classroomId, { avatar_key: key, updated_at: now });
    if (row.avatar_key) await this.deps.storage.delete(row.avatar_key);
    await this.changed(accountId);
    return pictureUrl(key)!;
  }

  /** Sets an assistant's flags for one classroom, or blocks them from it. */
  async setAssistantGrant(
    principal: Principal,
    accountId: string,
    classroomId: string,
    userId: string,
    input: z.output<typeof classroomGrantSchema>,
  ): Promise<void> {
    await this.manager(principal, accountId);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new ClassroomsRepository(trx);
      const row = await repo.find(classroomId);
      if (row?.account_id !== accountId || !(await repo.hasAcceptedGrant(accountId, userId)))
        throw notFound();
      const flags = {
        manage_students: input.manageStudents ? 1 : 0,
        modify_custom_id: input.modifyCustomId ? 1 : 0,
        send_sms: input.sendSms ? 1 : 0,
        collect_payments: input.collectPayments ? 1 : 0,
        blocked: input.blocked ? 1 : 0,
      };
      const existing = await repo.findClassroomGrant(userId, classroomId);
      if (existing) await repo.updateGrant(existing.id, flags);
      else {
        await repo.insertGrant({
          id: newId(now),
          account_id: accountId,
          user_id: userId,
          classroom_id: classroomId,
          status: 'accepted',
          ...flags,
          created_at: now,
          accepted_at: now,
        });
      }
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Classroom Assistant Access',
          message: {
            key: input.blocked ? 'assistantAccessBlocked' : 'assistantAccessSet',
            params: { classroom: row.name },
          },
          subjectType: 'user',
          subjectId: userId,
          data: { classroomId, ...input },
        },
        now,
      );
    });
    await this.changed(accountId);
    await this.deps.events.publish({
      channel: `user:${userId}`,
      type: 'session.changed',
      stale: [{ resource: 'session' }],
    });
  }

  private async visible(principal: Principal, accountId: string, classroomId: string) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    const row = await this.repo.find(classroomId);
    if (!row || row.account_id !== accountId || !seesClassroom(scope, classroomId)) throw notFound();
    return { scope, row };
  }

  /** Owners and their admins manage classrooms; assistants do not. */
  private async manager(principal: Principal, accountId: string): Promise<AccountScope> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
    return scope;
  }

  private async changed(accountId: string): Promise<void> {
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'classrooms.changed',
      stale: [{ resource: 'classrooms', params: { accountId } }],
    });
  }
}

function columns(input: ClassroomPayload, now: number) {
  return {
    grade: input.grade,
    subject: input.subject,
    name: input.name,
    color: input.color,
    tuition_fee: input.tuitionFeePaisa,
    status: input.status,
    type: input.type,
    start_date: input.startDate,
    timings: JSON.stringify(input.timings),
    collection_month: input.collectionMonth,
    updated_at: now,
  };
}
