import { describe, expect, it } from 'vitest';
import { classroomWithStudent, uniquePhone } from '../../test/factories';
import { clientFor } from '../../test/school';
import { DIALECTS } from '../../test/test-deps';
import { tusUpload } from '../../test/tus';
import { insertUser, useWorld } from '../../test/world';

// Files and notes per classroom (classroom-files.policy.ts): staff file an upload into a folder
// and share it; a student sees it only once it is shared with their classroom or with them, and
// a student of another classroom never does, not even by its address. Deleting frees storage.

const PDF = Buffer.from('%PDF-1.7\nlesson notes\n%%EOF\n');

describe.each(DIALECTS)('classroom files [%s]', (dialect) => {
  const ctx = useWorld(dialect);
  const staffUrl = (path: string) => `/api/accounts/${ctx.world.accounts.A}${path}`;
  const familyUrl = (studentId: string, path = '') => `/api/portal/students/${studentId}/files${path}`;

  /** A second classroom of A with a signed-in student of its own. */
  const otherStudent = async () => {
    const phone = uniquePhone();
    const { studentId } = await classroomWithStudent(ctx.deps, ctx.world.accounts.A, {
      name: 'Other',
      phone,
    });
    const userId = await insertUser(ctx.deps, { name: 'Other', phone, profession: 'Student' });
    await ctx.deps.db.kysely
      .updateTable('students')
      .set({ user_id: userId })
      .where('id', '=', studentId)
      .execute();
    return { studentId, client: await clientFor(ctx.app, ctx.deps, userId) };
  };

  it('shares a file with the classroom: its student opens it, a student of another classroom cannot', async () => {
    const teacher = await ctx.world.client('teacherA');
    const uploadId = await tusUpload(teacher, ctx.world.accounts.A, PDF, 'chapter-1.pdf');
    const classroomFiles = staffUrl(`/classrooms/${ctx.world.classrooms.A}`);
    const folder = await teacher.post(`${classroomFiles}/folders`, { name: 'Physics notes' });
    expect(folder.statusCode).toBe(201);
    const created = await teacher.post(`${classroomFiles}/files`, {
      uploadId,
      folderId: folder.json().id,
      title: '',
      note: 'Read before Sunday',
      share: 'private',
    });
    expect(created.statusCode).toBe(201);
    const file = created.json();
    expect(file).toMatchObject({ title: 'chapter-1.pdf', fileName: 'chapter-1.pdf', sizeBytes: PDF.length });
    // The upload is used once.
    const again = await teacher.post(`${classroomFiles}/files`, {
      uploadId,
      folderId: null,
      title: 'x',
      share: 'private',
    });
    expect(again.json().error.code).toBe('UPLOAD_NOT_FOUND');

    const student = await ctx.world.client('studentA');
    const studentId = ctx.world.students.A;
    expect((await student.get(familyUrl(studentId))).json().items).toEqual([]);
    expect((await student.get(familyUrl(studentId, `/${file.id}/content`))).statusCode).toBe(404);

    const shared = await teacher.put(staffUrl(`/classroom-files/${file.id}`), {
      folderId: folder.json().id,
      title: 'Chapter 1',
      note: 'Read before Sunday',
      share: 'classroom',
    });
    expect(shared.statusCode).toBe(200);
    const list = (await student.get(familyUrl(studentId))).json().items;
    expect(list).toMatchObject([{ id: file.id, title: 'Chapter 1', folderName: 'Physics notes' }]);
    const opened = await student.get(familyUrl(studentId, `/${file.id}/content`));
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['content-disposition']).toMatch(/^inline;/);
    expect(opened.rawPayload.equals(PDF)).toBe(true);
    const saved = await (await ctx.world.client('parentA')).get(
      familyUrl(studentId, `/${file.id}/content?download=1`),
    );
    expect(saved.headers['content-disposition']).toMatch(/^attachment;/);

    const other = await otherStudent();
    expect((await other.client.get(familyUrl(other.studentId))).json().items).toEqual([]);
    expect((await other.client.get(familyUrl(other.studentId, `/${file.id}/content`))).statusCode).toBe(404);
    expect((await other.client.get(familyUrl(studentId, `/${file.id}/content`))).statusCode).toBe(404);
    const outsider = await ctx.world.client('teacherB');
    expect((await outsider.get(staffUrl(`/classroom-files/${file.id}/content`))).statusCode).toBe(404);
  });

  it('shares with chosen students of the classroom only, and frees storage on delete', async () => {
    const teacher = await ctx.world.client('teacherA');
    const other = await otherStudent();
    const classroomFiles = staffUrl(`/classrooms/${ctx.world.classrooms.A}/files`);
    const base = { folderId: null, title: 'Marks', note: 'Your marks are in', uploadId: null };
    const none = await teacher.post(classroomFiles, { ...base, share: 'students', studentIds: [] });
    expect(none.json().error.code).toBe('FILE_SHARE_STUDENTS_REQUIRED');
    const outside = await teacher.post(classroomFiles, {
      ...base,
      share: 'students',
      studentIds: [other.studentId],
    });
    expect(outside.statusCode).toBe(404);
    const note = await teacher.post(classroomFiles, {
      ...base,
      share: 'students',
      studentIds: [ctx.world.students.A],
    });
    expect(note.statusCode).toBe(201);
    const student = await ctx.world.client('studentA');
    const newest = (await student.get(familyUrl(ctx.world.students.A))).json().items[0];
    expect(newest).toMatchObject({ title: 'Marks', fileName: null });

    const uploadId = await tusUpload(teacher, ctx.world.accounts.A, PDF);
    const usage = () => teacher.get(staffUrl('/storage-usage')).then((r) => r.json().files.usedBytes);
    const before = await usage();
    const file = (await teacher.post(classroomFiles, { ...base, uploadId, share: 'classroom' })).json();
    expect(await usage()).toBe(before);
    expect((await teacher.delete(staffUrl(`/classroom-files/${file.id}`))).statusCode).toBe(200);
    expect(await usage()).toBe(before - PDF.length);
    expect((await teacher.get(staffUrl(`/classroom-files/${file.id}/content`))).statusCode).toBe(404);
  });
});
