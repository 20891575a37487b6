import { PassThrough } from 'node:stream';
import { ONBOARDING_COLUMNS, ONBOARDING_SHEET_NAME } from '@batchwise/domain';
import ExcelJS from 'exceljs';
import { uniquePhone } from './factories';

// Filled onboarding files for tests and the bench: real .xlsx made with ExcelJS, as a
// teacher's Excel would save them.

export type OnboardingRow = (string | number | null)[];

/** An onboarding workbook: the template's headers, these classroom headers, these rows. */
export async function onboardingXlsx(
  classroomHeaders: readonly string[],
  rows: readonly OnboardingRow[],
  sheetName: string = ONBOARDING_SHEET_NAME,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow([...ONBOARDING_COLUMNS, ...classroomHeaders]);
  sheet.addRows(rows.map((row) => [...row]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** `count` valid students (IDs from `firstId`), each marked y in the first classroom column. */
export function studentRows(count: number, firstId = 1): OnboardingRow[] {
  return Array.from({ length: count }, (_, i) => [
    `S-${firstId + i}`,
    `Student ${firstId + i}`,
    uniquePhone(),
    '',
    '',
    uniquePhone(),
    '',
    'y',
  ]);
}

/**
 * A workbook whose onboarding sheet has `rows` rows, written as a stream: a file of a few hundred
 * kilobytes that unpacks to a sheet far larger than any upload should hold.
 */
export function hugeOnboardingXlsx(rows: number): Promise<Buffer> {
  return streamedXlsx((sheet) => {
    for (let i = 0; i < rows; i += 1)
      sheet.addRow([`H-${i}`, 'Same name', `017${String(i).padStart(8, '0')}`]).commit();
  });
}

/**
 * A zip bomb: a few rows of the longest cells Excel allows, all the same text, so a file of some
 * hundred kilobytes unpacks to `unpackedMb` megabytes. Written as a stream, it costs little memory.
 */
export function bombXlsx(unpackedMb: number): Promise<Buffer> {
  const cell = 'a'.repeat(32_000);
  const row = Array.from({ length: 64 }, () => cell);
  return streamedXlsx((sheet) => {
    for (let written = 0; written < unpackedMb * 1024 * 1024; written += cell.length * row.length)
      sheet.addRow(row).commit();
  });
}

async function streamedXlsx(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => out.on('end', resolve));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = workbook.addWorksheet(ONBOARDING_SHEET_NAME);
  sheet.addRow([...ONBOARDING_COLUMNS]).commit();
  fill(sheet);
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}
