import {
  type AssessmentSubject,
  type InterfaceLanguage,
  MARKS_SHEET_ABSENT,
  MARKS_SHEET_FIXED_HEADERS,
  MARKS_SHEET_NAME,
  type MarksSheetStudent,
  marksSheetColumns,
  sanitizeSpreadsheetCell,
} from '@batchwise/domain';
import { loadExcelJs } from '../../lib/exceljs';
import { MARKS_SHEET_INSTRUCTIONS } from './marks-sheet-instructions';

// The marks .xlsx of one assessment: domain marksSheetColumns written with
// ExcelJS, the current marks filled in, the key column hidden, and a second sheet explaining it in
// the asked interface language, then in English (in Bangla when English was asked). Names and IDs go through sanitizeSpreadsheetCell: a name starting with = is no formula.

export interface SheetMark {
  studentId: string;
  subjectId: string;
  partKey: string;
  marks: number | null;
  absent: boolean;
}

/** The sheet of an assessment with its students and the marks saved so far. */
export async function marksSheetFile(
  subjects: readonly AssessmentSubject[],
  students: readonly MarksSheetStudent[],
  marks: readonly SheetMark[],
  lang: InterfaceLanguage,
): Promise<Buffer> {
  const columns = marksSheetColumns(subjects);
  const saved = new Map(marks.map((m) => [`${m.studentId}|${m.subjectId}|${m.partKey}`, m]));
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Batchwise';
  const sheet = workbook.addWorksheet(MARKS_SHEET_NAME, {
    views: [{ state: 'frozen', xSplit: 3, ySplit: 1 }],
  });
  sheet.columns = [
    { header: MARKS_SHEET_FIXED_HEADERS[0], width: 30, hidden: true, style: { numFmt: '@' } },
    { header: MARKS_SHEET_FIXED_HEADERS[1], width: 14, style: { numFmt: '@' } },
    { header: MARKS_SHEET_FIXED_HEADERS[2], width: 28, style: { numFmt: '@' } },
    ...columns.map((c) => ({ header: c.header, width: Math.max(10, Math.min(c.header.length + 2, 30)) })),
  ];
  sheet.getRow(1).font = { bold: true };
  for (const student of students) {
    sheet.addRow([
      student.id,
      sanitizeSpreadsheetCell(student.customId ?? ''),
      sanitizeSpreadsheetCell(student.name),
      ...columns.map((c) => {
        const mark = saved.get(`${student.id}|${c.subjectId}|${c.partKey}`);
        if (mark?.absent) return MARKS_SHEET_ABSENT;
        return mark?.marks ?? null;
      }),
    ]);
  }
  const help = workbook.addWorksheet('Instructions');
  help.getColumn(1).width = 110;
  for (const language of [lang, lang === 'en' ? 'bn' : 'en'] as const) {
    const { title, lines } = MARKS_SHEET_INSTRUCTIONS[language];
    help.addRow([title]).font = { bold: true, size: 13 };
    for (const line of lines) help.addRow([line]);
    help.addRow([]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
