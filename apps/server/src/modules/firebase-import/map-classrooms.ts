import { CLASSROOM_STATUSES, CLASSROOM_TYPES, classroomTimingSchema } from '@batchwise/domain';
import {
  entries,
  flag,
  type ImportContext,
  ms,
  paisa,
  type Tree,
  text,
  textOrNull,
  tree,
} from './firebase-values';

/** A classroom as read, with the students and moderators it holds for the later mappers. */
export interface ImportedClassroom {
  readonly id: string;
  readonly batchKey: string;
  readonly data: Tree;
}

/** A moderator's grant, written once every user of the export exists. */
export interface ModeratorGrant {
  readonly key: string;
  readonly accountId: string;
  readonly classroomId: string;
  readonly userUid: string;
  readonly manageStudents: number;
  readonly modifyCustomId: number;
}

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return values.find((v) => v === value) ?? fallback;
}

/** Timings as the API takes them (weekly meetings); anything else in the export is dropped. */
function timings(value: unknown): string {
  const meetings = entries(value).flatMap(([, meeting]) => {
    const parsed = classroomTimingSchema.safeParse(meeting);
    return parsed.success ? [parsed.data] : [];
  });
  return JSON.stringify(meetings);
}

/**
 * UserClass/{grade}/{subject}/Streams/{batch} (part 1 §3 "Batch"): name, colour, fee (Tution,
 * taka), status, type, start date, timings and first collection month. A batch whose Status is
 * Archived becomes a closed classroom. Moderators (AcceptedModerators) are handed back.
 */
export async function importClassrooms(
  ctx: ImportContext,
  uid: string,
  accountId: string,
  record: Tree,
  grants: ModeratorGrant[],
): Promise<ImportedClassroom[]> {
  const pending: { key: string; batchKey: string; data: Tree; values: Tree; createOnly: Tree }[] = [];
  const names = new Set<string>();
  for (const [grade, subjects] of entries(record.UserClass)) {
    for (const [subject, branch] of Object.entries(subjects)) {
      for (const [batchKey, data] of entries(tree(branch).Streams)) {
        const key = `${uid}/${batchKey}`;
        ctx.report.read('classrooms');
        const name = text(data.BatchName) || batchKey;
        const path = JSON.stringify([grade, subject, name]);
        if (names.has(path)) {
          ctx.report.skip('classrooms', key, 'IMPORT_CLASSROOM_NAME_TAKEN', {
            name: `${grade} / ${subject} / ${name}`,
          });
          continue;
        }
        names.add(path);
        const created = ms(data.createdAt) ?? ctx.now;
        const startDate = text(data.StartDate);
        const month = text(data.tCollectionMonth);
        pending.push({
          key,
          batchKey,
          data,
          values: {
            account_id: accountId,
            grade,
            subject,
            name,
            color: textOrNull(data.StreamColor),
            tuition_fee: paisa(data.Tution) ?? 0,
            status: oneOf(CLASSROOM_STATUSES, text(data.Status), 'Active'),
            type: oneOf(CLASSROOM_TYPES, text(data.InstituteType), 'Physical'),
            start_date: /^\d{2}-\d{2}-\d{4}$/.test(startDate) ? startDate : null,
            timings: timings(data.Timings),
            collection_month: /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : null,
            closed_at: text(data.Status) === 'Archived' ? created : null,
          },
          createOnly: { avatar_key: null, created_at: created, updated_at: ctx.now },
        });
      }
    }
  }
  const written = await ctx.repo.syncKeyedMany('classrooms', 'classroom', pending, ctx.now);
  const imported: ImportedClassroom[] = [];
  pending.forEach(({ key, batchKey, data }, i) => {
    const { id, outcome } = written[i]!;
    ctx.report.wrote('classrooms', outcome);
    imported.push({ id, batchKey, data });
    for (const [userUid, moderator] of entries(data.AcceptedModerators)) {
      const permission = tree(moderator.Permission);
      grants.push({
        key: `${key}/${userUid}`,
        accountId,
        classroomId: id,
        userUid,
        manageStudents: flag(permission.manageStudents),
        modifyCustomId: flag(permission.modifyCustomID),
      });
    }
  });
  return imported;
}
