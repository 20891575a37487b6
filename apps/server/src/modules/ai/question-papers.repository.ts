import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { QuestionPapersTable } from '../../db/schema-question-papers';

/** The only SQL of saved question papers (db/schema-question-papers.ts); every read names the account. */
export class QuestionPapersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A classroom's papers without their questions, the last changed first. */
  ofClassroom(accountId: string, classroomId: string, limit: number) {
    return this.db
      .selectFrom('question_papers')
      .select([
        'id',
        'classroom_id',
        'title',
        'class_level',
        'subject',
        'language',
        'total_marks',
        'questions',
        'updated_at',
      ])
      .where('account_id', '=', accountId)
      .where('classroom_id', '=', classroomId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  count(classroomId: string) {
    return this.db
      .selectFrom('question_papers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('classroom_id', '=', classroomId)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  paper(accountId: string, paperId: string) {
    return this.db
      .selectFrom('question_papers')
      .selectAll()
      .where('id', '=', paperId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  async insert(row: Insertable<QuestionPapersTable>): Promise<void> {
    await this.db.insertInto('question_papers').values(row).execute();
  }

  async update(paperId: string, values: Updateable<QuestionPapersTable>): Promise<void> {
    await this.db.updateTable('question_papers').set(values).where('id', '=', paperId).execute();
  }

  async delete(paperId: string): Promise<void> {
    await this.db.deleteFrom('question_papers').where('id', '=', paperId).execute();
  }
}
