import {
  type AssessmentSubject,
  MARKS_SHEET_ABSENT,
  MARKS_SHEET_FIXED_HEADERS,
  MARKS_SHEET_NAME,
  type MarksSheetStudent,
  marksSheetColumns,
  sanitizeSpreadsheetCell,
} from '@batchwise/domain';
import ExcelJS from 'exceljs';

// The marks .xlsx of one assessment: domain marksSheetColumns written with
// ExcelJS, the current marks filled in, the key column hidden, and a second sheet explaining it in
// English and Bangla. Names and IDs go through sanitizeSpreadsheetCell: a name starting with = is no formula.

const INSTRUCTIONS: Record<'en' | 'bn', { title: string; lines: string[] }> = {
  en: {
    title: 'How to fill this file',
    lines: [
      'One student a row on the first sheet; one column for each subject (or part of a subject) with its full marks in brackets.',
      'Type the marks: whole numbers or up to two decimals (32.5), at most the full marks.',
      'Type A for a student who was absent. Leave a cell empty to keep what is already saved.',
      'Do not change the hidden Key column or the column headers. Rows may be in any order.',
      'Upload the file on the marks page: every problem is listed with its row before anything is saved, and then all marks are saved at once, or none.',
    ],
  },
  bn: {
    title: 'ফাইলটি যেভাবে পূরণ করবেন',
    lines: [
      'প্রথম শিটে প্রতি সারিতে একজন শিক্ষার্থী; প্রতিটি বিষয়ের (বা বিষয়ের অংশের) জন্য একটি কলাম, বন্ধনীতে পূর্ণ নম্বর।',
      'নম্বর লিখুন: পূর্ণ সংখ্যা বা দশমিকের পরে সর্বোচ্চ দুই ঘর (৩২.৫), পূর্ণ নম্বরের বেশি নয়।',
      'অনুপস্থিত শিক্ষার্থীর জন্য A লিখুন। আগের সেভ করা নম্বর রাখতে ঘরটি খালি রাখুন।',
      'লুকানো Key কলাম বা কলামের শিরোনাম বদলাবেন না। সারিগুলো যেকোনো ক্রমে থাকতে পারে।',
      'নম্বরের পাতায় ফাইলটি আপলোড করুন: কিছু সেভ হওয়ার আগে প্রতিটি সমস্যা সারি নম্বরসহ দেখানো হবে, তারপর সব নম্বর একসাথে সেভ হবে, নয়তো কোনোটিই না।',
    ],
  },
};

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
  lang: 'en' | 'bn',
): Promise<Buffer> {
  const columns = marksSheetColumns(subjects);
  const saved = new Map(marks.map((m) => [`${m.studentId}|${m.subjectId}|${m.partKey}`, m]));
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
  for (const language of lang === 'bn' ? (['bn', 'en'] as const) : (['en', 'bn'] as const)) {
    const { title, lines } = INSTRUCTIONS[language];
    help.addRow([title]).font = { bold: true, size: 13 };
    for (const line of lines) help.addRow([line]);
    help.addRow([]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
