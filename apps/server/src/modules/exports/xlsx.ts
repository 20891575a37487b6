import { SPREADSHEET_COLUMN_WIDTH, SPREADSHEET_SHEET_NAME, spreadsheetCell } from '@batchwise/domain';
import { loadExcelJs } from '../../lib/exceljs';

export interface Table {
  title: string;
  headers: readonly string[];
  rows: readonly (readonly unknown[])[];
}

/**
 * The spreadsheet export (part 2 §9): one sheet named "React Table Data", every column 26 wide,
 * missing values written "Absent", and text that a spreadsheet would run as a formula neutralised.
 */
export async function renderXlsx(table: Table): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Batchwise';
  const sheet = workbook.addWorksheet(SPREADSHEET_SHEET_NAME);
  sheet.columns = table.headers.map((header) => ({
    header: String(spreadsheetCell(header)),
    width: SPREADSHEET_COLUMN_WIDTH,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) {
    sheet.addRow(table.headers.map((_, i) => spreadsheetCell(row[i])));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
