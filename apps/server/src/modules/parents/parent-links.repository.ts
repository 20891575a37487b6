import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

export class ParentLinksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Adds the missing parent ↔ student links implied by students' parent phones, in one
   * statement per column; existing links stay.
   */
  async addMissingFromStudents(now: number): Promise<void> {
    for (const column of ['parent1_phone', 'parent2_phone'] as const) {
      await this.db
        .insertInto('parent_links')
        .columns(['parent_phone', 'student_id', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('students')
            .select([`students.${column}`, 'students.id', sql<number>`${now}`.as('created_at')])
            .where(`students.${column}`, 'is not', null)
            .where(`students.${column}`, '!=', '')
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('parent_links')
                    .select('parent_links.student_id')
                    .whereRef('parent_links.parent_phone', '=', `students.${column}`)
                    .whereRef('parent_links.student_id', '=', 'students.id'),
                ),
              ),
            ),
        )
        .execute();
    }
  }
}
