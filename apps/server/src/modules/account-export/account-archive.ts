import { buffer } from 'node:stream/consumers';
import type { Storage } from '../../drivers/storage/storage';
import type { Row } from '../backup/backup.repository';
import { MEDIA_PREFIX } from '../media/images';
import type { AccountExportRepository } from './account-export.repository';
import { ACCOUNT_TABLES } from './export-tables';
import { peopleSheets, renderWorkbook } from './people-sheets';
import { ZipWriter } from './zip-writer';

export const ACCOUNT_FORMAT = 'batchwise-account';
export const ACCOUNT_FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const PEOPLE = 'people.xlsx';
export const dataEntry = (table: string) => `data/${table}.json`;
export const fileEntry = (key: string) => `files/${key}`;

export interface AccountManifest {
  format: typeof ACCOUNT_FORMAT;
  formatVersion: number;
  accountId: string;
  createdAt: number;
  /** Rows per table, in the order an import writes them (users first). */
  tables: Record<string, number>;
  /** Storage keys of the uploaded files under files/. */
  files: string[];
}

export interface AccountData {
  tables: Record<string, Row[]>;
  files: string[];
}

/** Storage keys in a row: `*_key` columns and `/media/…` addresses (also inside JSON text). */
function keysIn(row: Row, found: Set<string>): void {
  const media = new RegExp(
    `${MEDIA_PREFIX}([A-Za-z0-9][A-Za-z0-9._-]*(?:/[A-Za-z0-9][A-Za-z0-9._-]*)+)`,
    'g',
  );
  for (const [column, value] of Object.entries(row)) {
    if (typeof value !== 'string') continue;
    if ((column === 'key' || column.endsWith('_key')) && value.includes('/')) found.add(value);
    for (const match of value.matchAll(media)) found.add(match[1]!);
  }
}

/**
 * Reads everything the account holds (export-tables.ts), the users its rows point at, and which
 * stored files its rows name. Users come without password hashes except the owner's, and never
 * as platform staff: the archive leaves this installation in the owner's hands.
 */
export async function collectAccount(
  repo: AccountExportRepository,
  storage: Storage,
  accountId: string,
  progress: (done: number, total: number) => Promise<void>,
): Promise<AccountData> {
  const tables: Record<string, Row[]> = {};
  const userIds = new Set<string>();
  const candidates = new Set<string>();
  const total = ACCOUNT_TABLES.length + 2;
  for (const [i, scope] of ACCOUNT_TABLES.entries()) {
    const rows = await repo.scopedRows(scope, accountId);
    const userColumns = await repo.userColumns(scope.table);
    for (const row of rows) {
      for (const column of userColumns)
        if (typeof row[column] === 'string') userIds.add(row[column] as string);
      keysIn(row, candidates);
    }
    tables[scope.table] = rows;
    await progress(i + 1, total);
  }
  const account = tables.accounts![0]!;
  const users = (await repo.usersByIds([...userIds].sort())).map((user) => ({
    ...user,
    password_hash: user.id === account.owner_user_id ? user.password_hash : null,
    is_staff: 0,
  }));
  for (const user of users) keysIn(user, candidates);
  // The account stands alone in the archive: links to other accounts are dropped.
  tables.accounts = [{ ...account, sms_shared_from: null }];
  tables.sms_sends = (tables.sms_sends ?? []).map((s) => ({ ...s, payer_account_id: accountId }));
  // A refund points at the payment it refunds, so the refunded ones are written first.
  tables.payments = (tables.payments ?? []).sort((a, b) => Number(!!a.refund_of) - Number(!!b.refund_of));
  const files: string[] = [];
  for (const key of [...candidates].sort()) {
    if (await storage.head(key).catch(() => undefined)) files.push(key);
  }
  await progress(total - 1, total);
  return { tables: { users, ...tables }, files };
}

/** Writes the zip: manifest, one JSON file per table, the people sheets, then the files. */
export async function writeAccountArchive(
  file: string,
  data: AccountData,
  storage: Storage,
  meta: { accountId: string; createdAt: number },
): Promise<number> {
  const zip = new ZipWriter(file);
  try {
    const manifest: AccountManifest = {
      format: ACCOUNT_FORMAT,
      formatVersion: ACCOUNT_FORMAT_VERSION,
      accountId: meta.accountId,
      createdAt: meta.createdAt,
      tables: Object.fromEntries(Object.entries(data.tables).map(([table, rows]) => [table, rows.length])),
      files: data.files,
    };
    zip.add(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
    for (const [table, rows] of Object.entries(data.tables)) {
      zip.add(dataEntry(table), Buffer.from(JSON.stringify(rows)));
    }
    zip.add(PEOPLE, await renderWorkbook(peopleSheets(data.tables, data.tables.users ?? [])));
    for (const key of data.files) {
      const object = await storage.get(key);
      if (object) zip.add(fileEntry(key), await buffer(object.body));
    }
    return zip.close();
  } catch (error) {
    zip.abandon();
    throw error;
  }
}
