import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { writeFirebaseExport } from '../../bench/src/firebase-export';
import { staffPage } from './console-helpers';
import { noSidewaysScroll } from './page-helpers';
import { en } from './texts';

/**
 * The Firebase import from the staff console, on a phone: staff upload a small generated export,
 * run a dry run (its report counts what the generator made, and the students are not there yet),
 * then the real import of the same upload, and read both reports in the list.
 */
test('staff upload a Firebase export, dry-run it, import it and read the reports', async ({ browser }) => {
  test.slow(); // two imports in the background
  const chunks: string[] = [];
  const manifest = await writeFirebaseExport(
    { seed: 23, teachers: 3, studentsPerTeacher: 5, orphans: 1 },
    (chunk) => {
      chunks.push(chunk);
    },
  );
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-firebase-')), 'centre-export.json');
  fs.writeFileSync(file, chunks.join(''));

  const staff = await staffPage(browser);
  await staff.setViewportSize({ width: 375, height: 800 });
  await staff.goto('/Batchwise-Staff-Admin');
  await staff.getByRole('link', { name: 'Firebase import' }).click();
  await expect(staff.getByRole('heading', { name: 'Import from Firebase' })).toBeVisible();
  await expect(staff.getByText('No imports yet.', { exact: false })).toBeVisible();

  await staff.getByLabel('Realtime Database export (JSON)').setInputFiles(file);
  await expect(staff.getByRole('checkbox', { name: /Dry run/ })).toBeChecked();
  await staff.getByRole('button', { name: 'Start dry run' }).click();
  const runs = staff.getByTestId('firebase-import-run');
  await expect(runs).toHaveCount(1);
  const dry = runs.first();
  await expect(dry).toContainText('Dry run');
  await expect(dry.getByTestId('firebase-import-status')).toHaveText('Finished');
  await dry.getByRole('button', { name: 'Show report' }).click();
  const dryStudents = dry.getByTestId('firebase-import-entity-students').getByRole('cell');
  // in, created: every generated student, nothing written.
  await expect(dryStudents.nth(0)).toHaveText(String(manifest.students));
  await expect(dryStudents.nth(1)).toHaveText(String(manifest.students));
  await expect(dry.getByText(/^Orphans \(/)).toBeVisible();
  // An orphan is told in words, not by its code: the entity's name and the reason's text.
  await dry.getByText(/^Orphans \(/).click();
  const unlinked = manifest.orphans.find((o) => o.entity === 'parentLinks')!;
  const entry = dry.getByRole('listitem').filter({ hasText: unlinked.key });
  await expect(entry).toContainText(en('staff-console:firebaseImport.entity.parentLinks'));
  await expect(entry).toContainText(en('domain:IMPORT_NO_STUDENT_WITH_PHONE').split('{{phone}}')[0]!);
  await expect(entry).not.toContainText('IMPORT_');
  await noSidewaysScroll(staff, 'a Firebase import report');

  // The real import of the same upload.
  await staff.getByRole('checkbox', { name: /Dry run/ }).uncheck();
  await staff.getByRole('button', { name: 'Start import' }).click();
  await expect(runs).toHaveCount(2);
  const real = runs.first();
  await expect(real).not.toContainText('Dry run');
  await expect(real.getByTestId('firebase-import-status')).toHaveText('Finished');
  await real.getByRole('button', { name: 'Show report' }).click();
  const students = real.getByTestId('firebase-import-entity-students').getByRole('cell');
  await expect(students.nth(1)).toHaveText(String(manifest.students));
  await expect(real.getByTestId('firebase-import-entity-accounts').getByRole('cell').nth(1)).toHaveText(
    String(manifest.accounts),
  );
  await noSidewaysScroll(staff, 'two Firebase import reports');
});
