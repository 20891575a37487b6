import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { ClassroomFilesTable, FileFoldersTable } from '../../db/schema-uploads';

/** Classroom folders, files and their student shares; a file's bytes are its upload's. */
export class ClassroomFilesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  classroom(accountId: string, classroomId: string) {
    return this.db
      .selectFrom('classrooms')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .where('id', '=', classroomId)
      .executeTakeFirst();
  }

  folders(classroomId: string) {
    return this.db
      .selectFrom('file_folders')
      .select(['id', 'name', 'created_at'])
      .where('classroom_id', '=', classroomId)
      .orderBy('name')
      .execute();
  }

  folder(accountId: string, folderId: string) {
    return this.db
      .selectFrom('file_folders')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', folderId)
      .executeTakeFirst();
  }

  async insertFolder(row: Insertable<FileFoldersTable>): Promise<void> {
    await this.db.insertInto('file_folders').values(row).execute();
  }

  /** Deletes a folder with its files (cascade); returns the uploads those files held. */
  async deleteFolder(folderId: string): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const uploads = await trx
        .selectFrom('classroom_files')
        .select('upload_id')
        .where('folder_id', '=', folderId)
        .execute();
      await trx.deleteFrom('classroom_files').where('folder_id', '=', folderId).execute();
      await trx.deleteFrom('file_folders').where('id', '=', folderId).execute();
      return uploads.flatMap((u) => (u.upload_id ? [u.upload_id] : []));
    });
  }

  private files() {
    return this.db
      .selectFrom('classroom_files as f')
      .leftJoin('uploads as u', 'u.id', 'f.upload_id')
      .leftJoin('users', 'users.id', 'f.created_by')
      .leftJoin('file_folders as d', 'd.id', 'f.folder_id')
      .innerJoin('classrooms as c', 'c.id', 'f.classroom_id')
      .selectAll('f')
      .select([
        'u.file_name',
        'u.content_type',
        'u.size_bytes',
        'u.storage_key',
        'users.name as created_by_name',
        'd.name as folder_name',
        'c.name as classroom_name',
      ]);
  }

  classroomFiles(classroomId: string) {
    return this.files().where('f.classroom_id', '=', classroomId).orderBy('f.created_at', 'desc').execute();
  }

  file(accountId: string, fileId: string) {
    return this.files().where('f.account_id', '=', accountId).where('f.id', '=', fileId).executeTakeFirst();
  }

  /** What a student sees: files of these classrooms shared with the classroom or with the student. */
  private shared(classroomIds: readonly string[], studentId: string) {
    return this.files()
      .where('f.classroom_id', 'in', classroomIds)
      .where((eb) =>
        eb.or([
          eb('f.share', '=', 'classroom'),
          eb.and([
            eb('f.share', '=', 'students'),
            eb.exists(
              eb
                .selectFrom('classroom_file_students as s')
                .select('s.file_id')
                .whereRef('s.file_id', '=', 'f.id')
                .where('s.student_id', '=', studentId),
            ),
          ]),
        ]),
      );
  }

  familyFiles(classroomIds: readonly string[], studentId: string) {
    if (classroomIds.length === 0) return Promise.resolve([]);
    return this.shared(classroomIds, studentId).orderBy('f.created_at', 'desc').execute();
  }

  familyFile(classroomIds: readonly string[], studentId: string, fileId: string) {
    if (classroomIds.length === 0) return Promise.resolve(undefined);
    return this.shared(classroomIds, studentId).where('f.id', '=', fileId).executeTakeFirst();
  }

  async sharedStudents(fileIds: readonly string[]): Promise<Map<string, string[]>> {
    const byFile = new Map<string, string[]>(fileIds.map((id) => [id, []]));
    if (fileIds.length === 0) return byFile;
    const rows = await this.db
      .selectFrom('classroom_file_students')
      .select(['file_id', 'student_id'])
      .where('file_id', 'in', fileIds)
      .orderBy('student_id')
      .execute();
    for (const row of rows) byFile.get(row.file_id)?.push(row.student_id);
    return byFile;
  }

  /** Which of these students are enrolled (accepted) in the classroom. */
  async enrolled(classroomId: string, studentIds: readonly string[]): Promise<string[]> {
    if (studentIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('enrolments')
      .select('student_id')
      .where('classroom_id', '=', classroomId)
      .where('student_id', 'in', studentIds)
      .where('accepted_at', 'is not', null)
      .execute();
    return rows.map((r) => r.student_id);
  }

  async insertFile(row: Insertable<ClassroomFilesTable>, studentIds: readonly string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('classroom_files').values(row).execute();
      if (studentIds.length > 0)
        await trx
          .insertInto('classroom_file_students')
          .values(studentIds.map((student_id) => ({ file_id: row.id, student_id })))
          .execute();
    });
  }

  async updateFile(
    fileId: string,
    patch: Updateable<ClassroomFilesTable>,
    studentIds: readonly string[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('classroom_files').set(patch).where('id', '=', fileId).execute();
      await trx.deleteFrom('classroom_file_students').where('file_id', '=', fileId).execute();
      if (studentIds.length > 0)
        await trx
          .insertInto('classroom_file_students')
          .values(studentIds.map((student_id) => ({ file_id: fileId, student_id })))
          .execute();
    });
  }

  async deleteFile(fileId: string): Promise<void> {
    await this.db.deleteFrom('classroom_files').where('id', '=', fileId).execute();
  }
}

export type FileRow = NonNullable<Awaited<ReturnType<ClassroomFilesRepository['file']>>>;
