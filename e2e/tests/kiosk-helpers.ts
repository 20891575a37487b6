import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { CSRF, installTool, signUpTeacher } from './page-helpers';

/** Shared by the kiosk's browser tests (QR and card punches, face mode). */

export interface Kiosk {
  accountId: string;
  institution: string;
  key: string;
  deviceId: string;
}

export interface Punch {
  student_id: string;
  dedupe_key: string;
  via: string;
  /** How far a face punch's face was from the registered one (null for other punches). */
  match_distance: number | null;
}

/** A teacher with a kiosk device key issued through the devices API (as the owner's page does). */
export async function teacherWithKiosk(page: Page, label: string): Promise<Kiosk> {
  const accountId = await signUpTeacher(page, label);
  await installTool(page, accountId, 'sentinel-attendance');
  const session = (await (await page.request.get('/api/session')).json()) as {
    accounts: { id: string; institution: string }[];
  };
  const issued = await page.request.post(`/api/accounts/${accountId}/attendance-devices/kiosk`, {
    data: { name: 'Main gate' },
    headers: CSRF,
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const body = (await issued.json()) as { key: string; device: { id: string } };
  return {
    accountId,
    institution: session.accounts.find((a) => a.id === accountId)!.institution,
    key: body.key,
    deviceId: body.device.id,
  };
}

/** The punches the server stored for a device, read from the e2e server's own database. */
export function punchesOf(deviceId: string): Punch[] {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'batchwise.db'), { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    return db
      .prepare(
        'SELECT student_id, dedupe_key, via, match_distance FROM attendance_punches WHERE device_id = ? ORDER BY at',
      )
      .all(deviceId) as Punch[];
  } finally {
    db.close();
  }
}
