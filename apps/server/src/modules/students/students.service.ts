import {
  isPickableClassroom,
  type StudentDetail,
  type StudentFormSettings,
  type StudentListQuery,
  type StudentPage,
  type studentFieldsInputSchema,
  suggestCustomId,
} from '@batchwise/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { ClassroomRow } from '../../db/schema';
import type { Storage } from '../../drivers/storage/storage';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { deepFreeze } from '../../lib/serializer';
import { StampedCache } from '../../lib/stamped-cache';
import {
  type AccessPolicy,
  type AccountScope,
  managesStudentsIn,
  seesClassroom,
} from '../access/access.policy';
import { AccountsRepository } from '../accounts/accounts.repository';
import { logActivity } from '../activity/activity';
import { ClassroomsRepository } from '../classrooms/classrooms.repository';
import type { EventBus } from '../events/event-bus';
import { IdentityRepository } from '../identity/identity.repository';
import { pictureUrl, storePicture } from '../media/images';
import { type ListStamps, listStampsOf, rowsChangedSince } from './list-stamps';
import { ListVersionsRepository } from './list-versions.repository';
import {
  loadStudent,
  mayEdit,
  type StudentContext,
  scopeOf,
  studentFields,
  toStudentDetail,
} from './student-context';
import type { ListFilter } from './student-filters';
import { type ListedStudent, StudentsRepository } from './students.repository';

export interface StudentsDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  storage: Storage;
  events: EventBus;
}

/** Pages of the students list kept in memory per process (about 10 kB each). */
const CACHED_PAGES = 2_000;

/** Keeps a value under a key, most recent last, dropping the oldest beyond CACHED_PAGES. */
function keep<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  if (map.size >= CACHED_PAGES) map.delete(map.keys().next().value!);
  map.set(key, value);
}

type PickRow = Awaited<ReturnType<ClassroomsRepository['openPickList']>>[number];

/** A page as read, with the list stamps it was read under and its students' ids. */
interface KeptPage {
  stamps: ListStamps;
  page: StudentPage;
  ids: ReadonlySet<string>;
}

/** Where a list on these scopes looks: whole accounts, or an assistant's classrooms. */
export function listAreas(scopes: readonly AccountScope[]) {
  return scopes.map((s) => ({
    accountId: s.accountId,
    classroomIds: s.classrooms === 'all' ? null : s.classrooms,
  }));
}

/** The unique student list, the drawer's data, the include modal's choices and custom fields. */
export class StudentsService {
  private readonly repo: StudentsRepository;
  private readonly listVersions: ListVersionsRepository;
  /**
   * Recently read pages of the list (src/CACHING.md). The database raises an account's stamps on
   * every change its list shows (migrations 0005, 0084, on both databases and whichever process
   * writes), so a page is served again only while it is still exactly what a fresh read would
   * return, and one account's save leaves every other account's pages in place. A save that
   * changed rows alone leaves the order stamp, and then only the page's rows that changed are read
   * again.
   */
  private readonly pages = new Map<string, KeptPage>();
  /** The number of matching students per filter, under the order stamp: paging does not recount. */
  private readonly totals = new Map<string, { order: string; total: number }>();
  /** The open classrooms of a team, for the include choices (`includeChoices`). */
  private readonly pickLists: StampedCache<readonly PickRow[]>;
  /** Classrooms by id (`classrooms`). */
  private readonly rooms: StampedCache<readonly ClassroomRow[] | undefined>;

  constructor(private readonly deps: StudentsDeps) {
    this.repo = new StudentsRepository(deps.db.kysely);
    this.listVersions = new ListVersionsRepository(deps.db.kysely, deps.db.listVersionsRead);
    this.pickLists = new StampedCache(deps.db.stamps, ['classrooms', 'accounts', 'users']);
    this.rooms = new StampedCache(deps.db.stamps, ['classrooms']);
  }

  /**
   * Classrooms by id, kept until a classroom changes, as of the stamps the caller's request began
   * with: list filters and every drawer save look up theirs. A lookup that names an unknown id is
   * not kept, so made-up ids cannot push out real entries.
   */
  async classrooms(ids: readonly string[], caller: Principal): Promise<readonly ClassroomRow[]> {
    let rows: ClassroomRow[] = [];
    const kept = await this.rooms.get(
      [...ids].sort().join(','),
      async () => {
        rows = await new ClassroomsRepository(this.deps.db.kysely).findMany(ids);
        return rows.length === new Set(ids).size ? deepFreeze(rows) : undefined;
      },
      caller,
    );
    return kept ?? rows;
  }

  /** The list filter for these scopes and query; a classroom out of reach is 404. */
  async listFilter(
    principal: Principal,
    accountId: string,
    query: Pick<StudentListQuery, 'q' | 'classroomId'>,
  ) {
    const scopes = await this.deps.access.listScopes(principal, accountId);
    if (query.classroomId) {
      const [room] = await this.classrooms([query.classroomId], principal);
      const scope = room && scopes.find((s) => s.accountId === room.account_id);
      if (!room || !scope || !seesClassroom(scope, room.id)) throw notFound();
    }
    const filter: ListFilter = { areas: listAreas(scopes), q: query.q, classroomId: query.classroomId };
    return { scopes, filter };
  }

  async list(principal: Principal, accountId: string, query: StudentListQuery): Promise<StudentPage> {
    const { scopes, filter } = await this.listFilter(principal, accountId, query);
    // Read the stamps before the data: a page is never stored under a stamp newer than it.
    const accountIds = filter.areas.map((a) => a.accountId);
    const stamps = listStampsOf(accountIds, await this.listVersions.read(accountIds, principal));
    const key = JSON.stringify([filter, query.sort, query.order, query.page, query.pageSize]);
    const kept = this.pages.get(key);
    const fresh =
      kept?.stamps.versions === stamps.versions
        ? kept
        : ((kept?.stamps.order === stamps.order ? await this.changedRows(kept, scopes, stamps) : null) ??
          (await this.readPage(scopes, filter, query, stamps)));
    keep(this.pages, key, fresh);
    return fresh.page;
  }

  /**
   * A kept page whose students and their order still stand, with the rows changed since read
   * again alone; null when that cannot be known (the record of recent changes no longer reaches
   * back to the page, or a student is gone), for a whole new read.
   */
  private async changedRows(kept: KeptPage, scopes: AccountScope[], stamps: ListStamps) {
    const changed = new Set<string>();
    for (const account of stamps.accounts) {
      const since = kept.stamps.accounts.find((a) => a.accountId === account.accountId)?.version;
      if (since === account.version) continue;
      const ids = since === undefined ? null : rowsChangedSince(account.recentRows, since);
      if (!ids) return null;
      for (const id of ids) changed.add(id);
    }
    const stale = [...changed].filter((id) => kept.ids.has(id));
    if (stale.length === 0) return { ...kept, stamps };
    const rows = await this.repo.rows(stale);
    if (rows.length !== stale.length) return null;
    const items = new Map(this.items(scopes, rows).map((item) => [item.id, item]));
    return {
      ...kept,
      stamps,
      page: deepFreeze({ ...kept.page, items: kept.page.items.map((item) => items.get(item.id) ?? item) }),
    };
  }

  private async total(filter: ListFilter, order: string): Promise<number> {
    const key = JSON.stringify(filter);
    const known = this.totals.get(key);
    if (known?.order === order) return known.total;
    const total = await this.repo.count(filter);
    keep(this.totals, key, { order, total });
    return total;
  }

  private async readPage(
    scopes: AccountScope[],
    filter: ListFilter,
    query: StudentListQuery,
    stamps: ListStamps,
  ): Promise<KeptPage> {
    const offset = (query.page - 1) * query.pageSize;
    const [rows, total] = await Promise.all([
      this.repo.page(filter, query.sort, query.order, query.pageSize, offset),
      this.total(filter, stamps.order),
    ]);
    return {
      stamps,
      ids: new Set(rows.map((row) => row.student.id)),
      // Frozen: the same object answers many requests and is serialized once (lib/serializer.ts).
      page: deepFreeze({
        items: this.items(scopes, rows),
        total,
        page: query.page,
        pageSize: query.pageSize,
      }),
    };
  }

  /** List rows as the page shows them, each with the classrooms of it the caller sees. */
  private items(scopes: AccountScope[], rows: ListedStudent[]) {
    return rows.map(({ student, classrooms }) => {
      const scope = scopes.find((s) => s.accountId === student.account_id);
      return {
        ...studentFields(student),
        classrooms: classrooms.filter((c) => scope !== undefined && seesClassroom(scope, c.id)),
      };
    });
  }

  async detail(principal: Principal, accountId: string, studentId: string): Promise<StudentDetail> {
    const ctx = await loadStudent(this.deps.db.kysely, this.deps.access, principal, accountId, studentId);
    return toStudentDetail(ctx, (await this.includeChoices(ctx, principal)).length > 0);
  }

  async includeOptions(principal: Principal, accountId: string, studentId: string) {
    const ctx = await loadStudent(this.deps.db.kysely, this.deps.access, principal, accountId, studentId);
    return this.includeChoices(ctx, principal);
  }

  /**
   * The "Classrooms To Include In" list: open classrooms of the team where the caller holds
   * manageStudents, whose names are not placeholders, and where the person is not yet enrolled.
   * The team's open classrooms are kept until a classroom, account or user changes, as of the
   * stamps the caller's request began with (every drawer read and save asks for them).
   */
  async includeChoices(ctx: StudentContext, caller: Principal) {
    const taken = new Set(ctx.enrolments.map((e) => e.classroom_id));
    const accountIds = ctx.team.map((s) => s.accountId);
    const rows = await this.pickLists.get(
      accountIds.join(','),
      async () => deepFreeze(await new ClassroomsRepository(this.deps.db.kysely).openPickList(accountIds)),
      caller,
    );
    return rows
      .filter((c) => {
        const scope = scopeOf(ctx, c.account_id);
        return scope && managesStudentsIn(scope, c.id) && isPickableClassroom(c.name) && !taken.has(c.id);
      })
      .map((c) => ({
        classroomId: c.id,
        accountId: c.account_id,
        teacherName: c.teacher_name,
        grade: c.grade,
        subject: c.subject,
        name: c.name,
        color: c.color,
        tuitionFeePaisa: c.tuition_fee,
      }));
  }

  async formSettings(principal: Principal, accountId: string): Promise<StudentFormSettings> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    const account = await new AccountsRepository(this.deps.db.kysely).findById(accountId);
    if (!account) throw notFound();
    const counter = await this.repo.counterAccount(accountId);
    const fields = await this.repo.fieldsOf(accountId);
    return {
      fields,
      nextCustomId: suggestCustomId(counter.max_custom_id),
      appMode: account.app_mode,
      institutionRequired: institutionRequired(scope, account.app_mode),
    };
  }

  async setFields(
    principal: Principal,
    accountId: string,
    input: z.output<typeof studentFieldsInputSchema>,
  ): Promise<StudentFormSettings> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new StudentsRepository(trx).replaceFields(
        accountId,
        input.fields.map((f) => ({ id: newId(now), name: f.name, kind: f.kind })),
        now,
      );
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Student Fields',
          message: {
            key: 'studentFieldsSet',
            params: { fields: input.fields.map((f) => f.name).join(', ') },
          },
        },
        now,
      );
    });
    return this.formSettings(principal, accountId);
  }

  /**
   * A new photo for the student (and the same person's other records in reach). The upload is
   * read only after the caller proved they may edit the student. Old files are kept: several
   * records and a sign-in may point at one.
   */
  async setPhoto(
    principal: Principal,
    accountId: string,
    studentId: string,
    readUpload: () => Promise<Buffer>,
  ): Promise<string> {
    const ctx = await loadStudent(this.deps.db.kysely, this.deps.access, principal, accountId, studentId);
    if (!mayEdit(ctx))
      throw failure(403, 'MANAGE_STUDENTS_REQUIRED', { batch: ctx.enrolments[0]?.classroom_name ?? '-' });
    const now = this.deps.clock.now();
    const key = await storePicture(this.deps.storage, 'students', await readUpload(), now);
    await storeStudentPhoto(
      this.deps.db,
      principal,
      ctx.records,
      ctx.team.map((t) => t.accountId),
      key,
      now,
    );
    for (const id of new Set(ctx.records.map((r) => r.account_id)))
      await publishStudents(this.deps.events, id);
    return pictureUrl(key)!;
  }
}

/** Sets the photo on the records (and on their link user, when it has none), logged. */
export async function storeStudentPhoto(
  db: Db,
  actor: Principal | null,
  records: readonly { id: string; account_id: string; user_id: string | null; name: string }[],
  /** The accounts the writer reaches (IDENTITY.md: who may change a link user). */
  reach: readonly string[],
  key: string,
  now: number,
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const repo = new StudentsRepository(trx);
    for (const r of records) await repo.update(r.id, { avatar_key: key, updated_at: now });
    // A link user this team alone made takes the photo when it has none (IDENTITY.md).
    const identities = new IdentityRepository(trx);
    for (const userId of new Set(records.map((r) => r.user_id).filter((u): u is string => u !== null))) {
      await identities.updateLinkUser(userId, reach, { avatar_key: key }, true);
    }
    const first = records[0];
    if (first) {
      await logActivity(
        trx,
        actor,
        {
          accountId: first.account_id,
          eventName: 'Update Student Info',
          message: { key: 'photoChanged', params: { student: first.name } },
          subjectType: 'student',
          subjectId: first.id,
        },
        now,
      );
    }
  });
}

/** Institution is asked (and required) of admins always, of teachers in SMS_LMS_GATEWAY mode. */
export function institutionRequired(scope: AccountScope, appMode: string): boolean {
  return scope.relation === 'admin' || scope.adminTeam || appMode === 'SMS_LMS_GATEWAY';
}

export async function publishStudents(events: EventBus, accountId: string): Promise<void> {
  await events.publish({
    channel: `account:${accountId}`,
    type: 'students.changed',
    stale: [
      { resource: 'students', params: { accountId } },
      { resource: 'classrooms', params: { accountId } },
    ],
  });
}
