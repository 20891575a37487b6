import { entries, type ImportContext, ms, paisa, type Tree, text, tree } from './firebase-values';
import { newStudentColumns, studentRow } from './map-students';

/**
 * StudentArchive/{teacherUid} (part 1 §3 "Archived student"): each student's Info and their
 * ArchivedClasses/{batch}. A student in no classroom any more is written from Info as archived;
 * one still in a classroom keeps the identity the classrooms gave. Each archived class becomes a
 * copy the student can be unarchived from; the classroom it names may be gone (the copy outlives
 * it, and unarchiving skips it). A teacher the export does not hold makes every entry an orphan.
 */
export async function importArchive(
  ctx: ImportContext,
  teacherUid: string,
  archive: Tree,
  fields: (accountId: string) => Promise<string[]>,
): Promise<void> {
  const accountId = await ctx.repo.ourId('account', teacherUid);
  for (const [studentUid, entry] of entries(archive)) {
    const key = `${teacherUid}/${studentUid}`;
    if (!accountId) {
      ctx.report.read('archivedClasses');
      ctx.report.orphan('archivedClasses', key, 'archive of a teacher the export does not hold');
      continue;
    }
    const info = tree(entry.Info);
    const archivedOn = ms(info.archivedOn) ?? ctx.now;
    let studentId = await ctx.repo.ourId('student', key);
    if (!studentId || !(await ctx.repo.hasEnrolments(studentId))) {
      ctx.report.read('students');
      const row = studentRow(ctx, key, info, accountId, await fields(accountId));
      if (!row) continue;
      const written = await ctx.repo.syncKeyed(
        'students',
        'student',
        key,
        { ...row, archived_at: archivedOn },
        newStudentColumns(ctx.now, archivedOn),
        ctx.now,
      );
      ctx.report.wrote('students', written.outcome);
      studentId = written.id;
    }
    const snapshot = JSON.stringify({
      name: text(info.Name),
      customId: text(info.customID) || null,
      avatarKey: null,
      phone: text(info.Phone),
      parent1Phone: text(info.parent1phone) || null,
      parent2Phone: text(info.parent2phone) || null,
      email: text(info.Email) || null,
      institution: text(info.Institution) || 'Private',
      userId: null,
    });
    for (const [batchKey, copy] of entries(entry.ArchivedClasses)) {
      ctx.report.read('archivedClasses');
      const classroomId =
        (await ctx.repo.ourId('classroom', `${teacherUid}/${batchKey}`)) ?? `firebase-${batchKey}`;
      const byUid = text(copy.archivedByUID);
      const at = ms(copy.archivedOn) ?? archivedOn;
      const { outcome } = await ctx.repo.syncKeyed(
        'archived_enrolments',
        'archived-class',
        `${key}/${batchKey}`,
        {
          account_id: accountId,
          student_id: studentId,
          classroom_id: classroomId,
          grade: text(copy.grade),
          subject: text(copy.subject),
          classroom_name: text(copy.batchName) || batchKey,
          archive_type: text(copy.archivedType) === 'Delete' ? 'Delete' : 'Archive',
          archived_by: byUid ? ((await ctx.repo.ourId('user', byUid)) ?? null) : null,
          archived_by_name: text(copy.archivedBy),
          archived_at: at,
          min_timestamp: ms(copy.minTimestamp) ?? at,
          max_timestamp: ms(copy.maxTimestamp) ?? at,
          tuition_fee: paisa(copy.TuitionFee),
          snapshot,
        },
        {
          applied_at: null,
          accepted_at: null,
          enrolment_type: null,
          video_permission: null,
          restored_at: null,
          restored_by: null,
        },
        ctx.now,
      );
      ctx.report.wrote('archivedClasses', outcome);
    }
  }
}
