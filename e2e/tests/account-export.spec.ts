import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monthOf } from '@batchwise/domain';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import {
  addEnrolledStudent,
  CSRF,
  createClassroom,
  noSidewaysScroll,
  signUpTeacher,
  uniquePhone,
} from './page-helpers';

/**
 * The owner's account export, whole: on a phone the owner exports the account from Settings,
 * watches it finish and downloads the zip; the zip then imports into an empty installation (the
 * `npm run import:account` command on a new data directory) and that installation holds the same
 * classrooms, students, enrolments, payments and SMS templates.
 */
const root = path.resolve(import.meta.dirname, '../..');

test('an owner exports the account and it imports into an empty install with equal counts', async ({
  page,
}) => {
  const accountId = await signUpTeacher(page, 'Export');
  const physics = await createClassroom(page.request, accountId, 'Physics A');
  const chemistry = await createClassroom(page.request, accountId, 'Chemistry B');
  const students = [
    await addEnrolledStudent(page.request, accountId, physics, 'Nusrat Jahan', {
      parent1Phone: uniquePhone('019'),
    }),
    await addEnrolledStudent(page.request, accountId, physics, 'Rafiq Islam'),
    await addEnrolledStudent(page.request, accountId, chemistry, 'Tania Akter'),
  ];
  const paid = await page.request.post(`/api/accounts/${accountId}/students/${students[0]}/payments`, {
    data: {
      method: 'cash',
      allocations: [
        {
          kind: 'month',
          classroomId: physics,
          month: monthOf(Date.now()),
          amountPaisa: 50_000,
        },
      ],
    },
    headers: CSRF,
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const template = await page.request.post(`/api/accounts/${accountId}/sms/templates`, {
    data: { name: 'Fee due', body: 'Please pay this month’s fee.' },
    headers: CSRF,
  });
  expect(template.status(), await template.text()).toBe(201);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/teacher/settings?tab=institution');
  const card = page.getByTestId('account-export-card');
  await expect(card.getByTestId('account-export-empty')).toBeVisible();
  await card.getByTestId('account-export-start').click();
  await page.getByRole('button', { name: 'Yes' }).click();
  const item = card.getByTestId('account-export-item');
  await expect(item.getByTestId('account-export-status')).toHaveText('Ready');
  await expect(item).toContainText('Link works until');
  await noSidewaysScroll(page, 'settings with an account export');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    item.getByTestId('account-export-download').click(),
  ]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-e2e-import-'));
  try {
    const archive = path.join(dir, download.suggestedFilename());
    await download.saveAs(archive);
    expect(download.suggestedFilename()).toMatch(/^batchwise-account-\d{4}-\d{2}-\d{2}\.zip$/);

    const dataDir = path.join(dir, 'install');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/import-account.ts', archive],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'warn' },
        encoding: 'utf8',
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const written = JSON.parse(run.stdout) as Record<string, number>;

    const db = new Database(path.join(dataDir, 'batchwise.db'), { readonly: true });
    try {
      const count = (sql: string) => (db.prepare(sql).get(accountId) as { n: number }).n;
      const counts = {
        classrooms: count('select count(*) as n from classrooms where account_id = ?'),
        students: count('select count(*) as n from students where account_id = ?'),
        enrolments: count(
          'select count(*) as n from enrolments where student_id in (select id from students where account_id = ?)',
        ),
        payments: count('select count(*) as n from payments where account_id = ?'),
        sms_templates: count('select count(*) as n from sms_templates where account_id = ?'),
      };
      expect(counts).toEqual({ classrooms: 2, students: 3, enrolments: 3, payments: 1, sms_templates: 1 });
      for (const [table, n] of Object.entries(counts)) expect([table, written[table]]).toEqual([table, n]);
      const owner = db
        .prepare(
          'select u.password_hash as hash from accounts a join users u on u.id = a.owner_user_id where a.id = ?',
        )
        .get(accountId) as { hash: string | null };
      expect(owner.hash).toBeTruthy();
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
