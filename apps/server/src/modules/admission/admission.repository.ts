import { applicationNumberIn, FIRST_APPLICATION_NUMBER } from '@batchwise/domain';
import type { ExpressionBuilder, Insertable, Kysely, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { AdmissionPicturesTable } from '../../db/schema-abuse-guards';
import type { AdmissionApplicationsTable } from '../../db/schema-admission';
import { MEDIA_PREFIX } from '../media/images';

export interface ApplicationFilter {
  status?: AdmissionApplicationsTable['status'];
  q?: string;
  classroomId?: string;
  from?: number;
  to?: number;
}

/**
 * The picture an application really has: the key its own form issued and gave to it
 * (admission_pictures, found by its primary key). An address stored otherwise (an outside URL, a
 * path, another form's picture, an application sent before pictures were issued) has none, so staff
 * are never shown it and accepting never copies it.
 */
const issuedPictureKey = (eb: ExpressionBuilder<Database, 'admission_applications'>) =>
  eb
    .selectFrom('admission_pictures')
    .select('admission_pictures.key')
    .where(
      'admission_pictures.key',
      '=',
      sql<string>`substr(${eb.ref('admission_applications.avatar_url')}, ${MEDIA_PREFIX.length + 1})`,
    )
    .whereRef('admission_pictures.account_id', '=', 'admission_applications.account_id')
    .whereRef('admission_pictures.application_id', '=', 'admission_applications.id')
    .as('picture_key');

/** `%text%` for LIKE, with the wildcards of the text itself escaped. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** Online admission applications and what the public form reads (modules/admission). */
export class AdmissionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The institution behind a link key: the account's public fields only. */
  institution(accountId: string) {
    return this.db
      .selectFrom('accounts')
      .select(['id', 'institution', 'logo_key', 'settings'])
      .where('id', '=', accountId)
      .executeTakeFirst();
  }

  /** Those of these classrooms that are the account's and open. */
  openClassroomsIn(accountId: string, ids: readonly string[]) {
    return this.db
      .selectFrom('classrooms')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .where('closed_at', 'is', null)
      .where('id', 'in', [...ids, ''])
      .execute();
  }

  /**
   * Pending applications of the account with one of these phones (as stored, so with and without
   * the duplicate mark) submitted at or after `since`: the (account_id, phone, created_at) index.
   */
  pendingWithPhones(accountId: string, phones: readonly string[], since: number) {
    return this.db
      .selectFrom('admission_applications')
      .select(['phone', 'created_at'])
      .where('account_id', '=', accountId)
      .where('phone', 'in', [...phones])
      .where('created_at', '>=', since)
      .where('status', '=', 'Pending')
      .execute();
  }

  /**
   * The account's next application number, in one statement that creates or raises its counter
   * row: the row lock (PostgreSQL) or the write lock (SQLite) makes parallel submissions wait for
   * each other, so no two get the same number.
   */
  async nextNumber(accountId: string): Promise<number> {
    const row = await this.db
      .insertInto('admission_counters')
      .values({ account_id: accountId, last_number: FIRST_APPLICATION_NUMBER })
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet((eb) => ({
          last_number: eb(eb.ref('admission_counters.last_number'), '+', 1),
        })),
      )
      .returning('last_number')
      .executeTakeFirstOrThrow();
    return Number(row.last_number);
  }

  async insert(row: Insertable<AdmissionApplicationsTable>): Promise<void> {
    await this.db.insertInto('admission_applications').values(row).execute();
  }

  find(accountId: string, id: string) {
    return this.db
      .selectFrom('admission_applications')
      .selectAll()
      .select(issuedPictureKey)
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A page of the account's applications, newest first, and how many match in all. */
  async page(accountId: string, filter: ApplicationFilter, page: number, pageSize: number) {
    const base = this.db
      .selectFrom('admission_applications')
      .where('account_id', '=', accountId)
      .$if(filter.status !== undefined, (qb) => qb.where('status', '=', filter.status!))
      .$if(filter.classroomId !== undefined, (qb) =>
        qb.where('course_classroom_id', '=', filter.classroomId!),
      )
      .$if(filter.from !== undefined, (qb) => qb.where('created_at', '>=', filter.from!))
      .$if(filter.to !== undefined, (qb) => qb.where('created_at', '<', filter.to!))
      .$if(Boolean(filter.q), (qb) =>
        qb.where((eb) => {
          const number = applicationNumberIn(filter.q!);
          return eb.or([
            ...(['name', 'phone', 'details'] as const).map(
              (column) => sql<boolean>`lower(${sql.ref(column)}) like ${contains(filter.q!)} escape '\\'`,
            ),
            ...(number === null ? [] : [eb('number', '=', number)]),
          ]);
        }),
      );
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .select(issuedPictureKey)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Decides a pending application; false when it was no longer pending (decided meanwhile). */
  async decide(id: string, changes: Updateable<AdmissionApplicationsTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('admission_applications')
      .set(changes)
      .where('id', '=', id)
      .where('status', '=', 'Pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertPicture(row: AdmissionPicturesTable): Promise<void> {
    await this.db.insertInto('admission_pictures').values(row).execute();
  }

  /** Keys of issued pictures no application took before they expired, oldest first. */
  async unclaimedExpired(now: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('admission_pictures')
      .select('key')
      .where('application_id', 'is', null)
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.key);
  }

  /** Forgets these issued pictures, if still unclaimed (an expired one can no longer be claimed). */
  async deleteUnclaimed(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .deleteFrom('admission_pictures')
      .where('key', 'in', [...keys])
      .where('application_id', 'is', null)
      .execute();
  }

  /**
   * Gives an issued picture to an application, in one statement: only on the form that issued it,
   * before it expires and once. False when any of that fails.
   */
  async claimPicture(key: string, accountId: string, applicationId: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('admission_pictures')
      .set({ application_id: applicationId })
      .where('key', '=', key)
      .where('account_id', '=', accountId)
      .where('application_id', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
