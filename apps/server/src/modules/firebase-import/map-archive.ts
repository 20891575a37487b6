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
  const students = entries(archive);
  if (!accountId) {
    for (const [studentUid] of students) {
      ctx.report.read('archivedClasses');
      ctx.report.orphan(
        'archivedClasses',
        `${teacherUid}/${studentUid}`,
        'IMPORT_ARCHIVE_OF_UNKNOWN_TEACHER',
      );
    }
    return;
  }
  const keyOf = (studentUid: string) => `${teacherUid}/${studentUid}`;
  const known = await ctx.repo.ourIds(
    'student',
    students.map(([studentUid]) => keyOf(studentUid)),
  );
  const enrolled = await ctx.repo.enrolled([...known.values()]);
  const names = await fields(accountId);
  // A student still in a classroom keeps the identity the classrooms gave; the others are
  // written from Info as archived.
  const archivedOnly = students.flatMap(([studentUid, entry]) => {
    const key = keyOf(studentUid);
    const id = known.get(key);
    if (id && enrolled.has(id)) return [];
    ctx.report.read('students');
    const info = tree(entry.Info);
    const row = studentRow(ctx, key, info, accountId, names);
    if (!row) return [];
    const archivedOn = ms(info.archivedOn) ?? ctx.now;
    return [
      {
        key,
        values: { ...row, archived_at: archivedOn },
        createOnly: newStudentColumns(ctx.now, archivedOn),
      },
    ];
  });
  const written = await ctx.repo.syncKeyedMany('students', 'student', archivedOnly, ctx.now);
  archivedOnly.forEach(({ key }, i) => {
    ctx.report.wrote('students', written[i]!.outcome);
    known.set(key, written[i]!.id);
  });

  const copies = students.flatMap(([studentUid, entry]) =>
    known.has(keyOf(studentUid))
      ? entries(entry.ArchivedClasses).map(([batchKey, copy]) => ({ studentUid, entry, batchKey, copy }))
      : [],
  );
  const classrooms = await ctx.repo.ourIds(
    'classroom',
    copies.map(({ batchKey }) => `${teacherUid}/${batchKey}`),
  );
  const archivers = await ctx.repo.ourIds(
    'user',
    copies.map(({ copy }) => text(copy.archivedByUID)).filter(Boolean),
  );
  const rows = copies.map(({ studentUid, entry, batchKey, copy }) => {
    ctx.report.read('archivedClasses');
    const info = tree(entry.Info);
    const at = ms(copy.archivedOn) ?? ms(info.archivedOn) ?? ctx.now;
    return {
      key: `${keyOf(studentUid)}/${batchKey}`,
      values: {
        account_id: accountId,
        student_id: known.get(keyOf(studentUid))!,
        // The classroom it names may be gone: the copy outlives it, and unarchiving skips it.
        classroom_id: classrooms.get(`${teacherUid}/${batchKey}`) ?? `firebase-${batchKey}`,
        grade: text(copy.grade),
        subject: text(copy.subject),
        classroom_name: text(copy.batchName) || batchKey,
        archive_type: text(copy.archivedType) === 'Delete' ? 'Delete' : 'Archive',
        archived_by: archivers.get(text(copy.archivedByUID)) ?? null,
        archived_by_name: text(copy.archivedBy),
        archived_at: at,
        min_timestamp: ms(copy.minTimestamp) ?? at,
        max_timestamp: ms(copy.maxTimestamp) ?? at,
        tuition_fee: paisa(copy.TuitionFee),
        snapshot: snapshot(info),
      },
      createOnly: {
        applied_at: null,
        accepted_at: null,
        enrolment_type: null,
        video_permission: null,
        restored_at: null,
        restored_by: null,
      },
    };
  });
  const outcomes = await ctx.repo.syncKeyedMany('archived_enrolments', 'archived-class', rows, ctx.now);
  for (const { outcome } of outcomes) ctx.report.wrote('archivedClasses', outcome);
}

/** The student as the archived copy shows them (and unarchiving restores them from). */
function snapshot(info: Tree): string {
  return JSON.stringify({
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
}
