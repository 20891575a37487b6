import { dayOf, SPREADSHEET_COLUMN_WIDTH, spreadsheetCell } from '@batchwise/domain';
import { loadExcelJs } from '../../lib/exceljs';
import type { Row } from '../backup/backup.repository';

interface Sheet {
  name: string;
  headers: readonly string[];
  rows: unknown[][];
}

/** The Bangladesh day of a stored instant (an admission at 01:00 in Dhaka is that day, not the UTC one before). */
const day = (ms: unknown) => (typeof ms === 'number' ? dayOf(ms) : null);

/**
 * The account's people as spreadsheet sheets beside the JSON (which stays the importable copy):
 * students, guardians (the parent phones on students and the parent links) and staff (assistants
 * and the other people with attendance). Cells are neutralised as in every export (part 2 §9).
 */
export function peopleSheets(tables: Readonly<Record<string, Row[]>>, users: readonly Row[]): Sheet[] {
  const userById = new Map(users.map((u) => [u.id, u]));
  const students = tables.students ?? [];
  const studentById = new Map(students.map((s) => [s.id, s]));
  const classroomById = new Map((tables.classrooms ?? []).map((c) => [c.id, c]));
  const guardians: unknown[][] = [];
  for (const s of students) {
    if (s.parent1_phone) guardians.push([s.parent1_phone, 'Parent 1', s.custom_id, s.name, s.phone]);
    if (s.parent2_phone) guardians.push([s.parent2_phone, 'Parent 2', s.custom_id, s.name, s.phone]);
  }
  for (const link of tables.parent_links ?? []) {
    const s = studentById.get(link.student_id);
    guardians.push([link.parent_phone, 'Parent link', s?.custom_id, s?.name, s?.phone]);
  }
  const staff: unknown[][] = (tables.moderators ?? []).map((m) => {
    const user = userById.get(m.user_id);
    return [
      'Assistant',
      user?.name,
      user?.phone,
      user?.email,
      classroomById.get(m.classroom_id)?.name,
      m.status,
    ];
  });
  for (const o of tables.other_users ?? []) staff.push([o.role, o.name, o.phone, null, null, 'active']);
  return [
    {
      name: 'Students',
      headers: ['ID', 'Name', 'Phone', 'E-mail', 'Institution', 'Parent 1', 'Parent 2', 'Added', 'Archived'],
      rows: students.map((s) => [
        s.custom_id,
        s.name,
        s.phone,
        s.email,
        s.institution,
        s.parent1_phone,
        s.parent2_phone,
        day(s.created_at),
        day(s.archived_at),
      ]),
    },
    {
      name: 'Guardians',
      headers: ['Phone', 'Relation', 'Student ID', 'Student', 'Student phone'],
      rows: guardians,
    },
    { name: 'Staff', headers: ['Role', 'Name', 'Phone', 'E-mail', 'Classroom', 'Status'], rows: staff },
  ];
}

export async function renderWorkbook(sheets: readonly Sheet[]): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Batchwise';
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name);
    ws.columns = sheet.headers.map((header) => ({ header, width: SPREADSHEET_COLUMN_WIDTH }));
    ws.getRow(1).font = { bold: true };
    // Missing values stay empty here: these sheets are data, not the list export's printout.
    for (const row of sheet.rows) ws.addRow(row.map((v) => (v == null ? null : spreadsheetCell(v))));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
