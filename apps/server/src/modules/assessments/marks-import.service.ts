import {
  ASSESSMENT_LIMITS,
  type InterfaceLanguage,
  MARKS_SHEET_NAME,
  type MarksImport,
  type MarksSheetReading,
  readMarksSheet,
  toHundredths,
} from '@batchwise/domain';
import type { Principal } from '../../lib/access';
import { AppError, failure } from '../../lib/errors';
import { logActivity } from '../activity/activity';
import { readSpreadsheet, type UploadedSpreadsheet } from '../media/spreadsheets';
import { visibleAssessment } from './assessments-access';
import { publishAssessments } from './assessments-events';
import { markCellOf } from './assessments-view';
import { MarksRepository } from './marks.repository';
import { gridContext, type MarksDeps } from './marks.service';
import { marksSheetFile } from './marks-sheet-file';

/** Columns read: the fixed three and up to 20 subjects of 6 parts, with room for extra columns. */
const READ_COLUMNS = 200;

/**
 * Marks from a spreadsheet: the sheet of an assessment to download, a check of
 * a filled one (every problem by row and column; nothing written) and its import — every cell in
 * one transaction, or with any problem none. An import is an explicit overwrite: it does not
 * compare versions, it raises each cell's version, and open grids refetch.
 */
export class MarksImportService {
  constructor(private readonly deps: MarksDeps) {}

  async template(principal: Principal, accountId: string, assessmentId: string, lang: InterfaceLanguage) {
    const db = this.deps.db.kysely;
    const { assessment } = await visibleAssessment(this.deps, db, principal, accountId, assessmentId);
    const [context, cells] = await Promise.all([
      gridContext(db, accountId, assessment),
      new MarksRepository(db).cellsOf([assessmentId]),
    ]);
    const students = context.students.map((s) => ({ id: s.id, name: s.name, customId: s.custom_id }));
    const body = await marksSheetFile(context.subjects, students, cells.map(markCellOf), lang);
    const safeName = assessment.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'assessment';
    return {
      body,
      fileName: `Marks - ${safeName}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  }

  async check(
    principal: Principal,
    accountId: string,
    assessmentId: string,
    upload: () => Promise<UploadedSpreadsheet>,
  ) {
    const db = this.deps.db.kysely;
    const { assessment } = await visibleAssessment(this.deps, db, principal, accountId, assessmentId);
    const file = await upload();
    const rows = await readRows(file);
    const context = await gridContext(db, accountId, assessment);
    return answer(file.fileName, this.read(rows, context), false);
  }

  async import(
    principal: Principal,
    accountId: string,
    assessmentId: string,
    upload: () => Promise<UploadedSpreadsheet>,
  ): Promise<MarksImport> {
    const db = this.deps.db.kysely;
    const { assessment } = await visibleAssessment(this.deps, db, principal, accountId, assessmentId);
    const file = await upload();
    // Parsed before the transaction: on SQLite it holds the one writer while it runs.
    const rows = await readRows(file);
    const now = this.deps.clock.now();
    const reading = await db.transaction().execute(async (trx) => {
      const read = this.read(rows, await gridContext(trx, accountId, assessment));
      const [first] = read.problems;
      if (first) throw new AppError(400, first.code, first.message, first.params);
      await new MarksRepository(trx).overwrite(
        read.cells.map((c) => ({
          assessment_id: assessmentId,
          subject_id: c.subjectId,
          part_key: c.partKey,
          student_id: c.studentId,
          marks: c.absent || c.marks === null ? null : toHundredths(c.marks),
          absent: c.absent ? 1 : 0,
          version: 1,
          updated_by: principal.user.id,
          updated_at: now,
        })),
      );
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Marks Imported',
          message: {
            key: 'marksImported',
            params: { count: read.cells.length, assessment: assessment.name, file: file.fileName },
          },
          subjectType: 'assessment',
          subjectId: assessmentId,
        },
        now,
      );
      return read;
    });
    if (reading.cells.length > 0)
      await publishAssessments(this.deps.events, accountId, { assessmentId, by: principal.user.id });
    return answer(file.fileName, reading, true);
  }

  private read(rows: Awaited<ReturnType<typeof readRows>>, context: Awaited<ReturnType<typeof gridContext>>) {
    const students = context.students.map((s) => ({ id: s.id, name: s.name, customId: s.custom_id }));
    return readMarksSheet(rows, context.subjects, students);
  }
}

/** The marks worksheet of the file (a CSV, or a workbook without one named Marks: its first sheet). */
async function readRows(file: UploadedSpreadsheet) {
  const sheets = await readSpreadsheet(file, { rows: ASSESSMENT_LIMITS.rows, columns: READ_COLUMNS });
  const sheet = sheets.find((s) => s.name.trim() === MARKS_SHEET_NAME) ?? sheets[0];
  if (!sheet || sheet.rows.length === 0) throw failure(400, 'SHEET_EMPTY');
  if (sheet.rows.length > ASSESSMENT_LIMITS.rows)
    throw failure(400, 'SHEET_TOO_BIG', { rows: ASSESSMENT_LIMITS.rows, columns: READ_COLUMNS });
  return sheet.rows;
}

function answer(fileName: string, reading: MarksSheetReading, imported: boolean): MarksImport {
  return {
    fileName,
    ok: reading.problems.length === 0,
    problems: reading.problems.map((p) => ({
      row: p.row,
      column: p.column,
      code: p.code,
      message: p.message,
      ...(p.params ? { params: p.params } : {}),
    })),
    students: reading.students,
    cells: reading.cells.length,
    imported,
  };
}
