import type ExcelJS from 'exceljs';

/**
 * ExcelJS, loaded with the first sheet read or written: the library takes about half a second to
 * load, which every process (and every test file) would otherwise pay at start.
 */
export async function loadExcelJs(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}
