import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Row } from '../backup/backup.repository';
import { openZip, type ZipInMemory } from '../media/zip-bounds';
import {
  ACCOUNT_FORMAT,
  ACCOUNT_FORMAT_VERSION,
  type AccountManifest,
  dataEntry,
  fileEntry,
  MANIFEST,
} from './account-archive';
import { AccountExportRepository } from './account-export.repository';

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.pdf': 'application/pdf',
};

export class AccountImportError extends Error {
  override name = 'AccountImportError';
}

async function entryText(zip: ZipInMemory, name: string): Promise<string> {
  const entry = zip.entries.get(name);
  if (!entry) throw new AccountImportError(`The archive has no ${name}`);
  return (await buffer(await zip.open(entry))).toString('utf8');
}

/**
 * Recreates an exported account (account-archive.ts) in this installation, all or nothing: every
 * row in one transaction, with the same ids, so the account, its people and their sign-ins come
 * back as they were. The files are stored first and removed again if the rows cannot be written.
 * Refused when the account or one of its people is already here (an import is for a new home).
 * Answers the rows written per table.
 */
export async function importAccountArchive(
  deps: { db: Db; storage: Storage },
  archive: Buffer,
): Promise<Record<string, number>> {
  const zip = await openZip(archive);
  try {
    const manifest = JSON.parse(await entryText(zip, MANIFEST)) as AccountManifest;
    if (manifest.format !== ACCOUNT_FORMAT)
      throw new AccountImportError('This is not a Batchwise account export');
    if (manifest.formatVersion > ACCOUNT_FORMAT_VERSION) {
      throw new AccountImportError(
        `The archive has format ${manifest.formatVersion}; this Batchwise reads up to ${ACCOUNT_FORMAT_VERSION}`,
      );
    }
    const tables: [string, Row[]][] = [];
    for (const table of Object.keys(manifest.tables)) {
      tables.push([table, JSON.parse(await entryText(zip, dataEntry(table))) as Row[]]);
    }
    const repo = new AccountExportRepository(deps.db.kysely, deps.db.dialect);
    if (await repo.accountExists(manifest.accountId)) {
      throw new AccountImportError(`Account ${manifest.accountId} is already in this installation`);
    }
    const users = tables.find(([table]) => table === 'users')?.[1] ?? [];
    const clashes = await repo.clashingUsers(users);
    if (clashes.length) {
      throw new AccountImportError(`People of the archive are already here (users ${clashes.join(', ')})`);
    }
    const stored: string[] = [];
    try {
      for (const key of manifest.files) {
        const entry = zip.entries.get(fileEntry(key));
        if (!entry) throw new AccountImportError(`The archive has no ${fileEntry(key)}`);
        const type = CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
        await deps.storage.put(key, await buffer(await zip.open(entry)), type);
        stored.push(key);
      }
      await deps.db.kysely.transaction().execute(async (trx) => {
        const writer = new AccountExportRepository(trx, deps.db.dialect);
        for (const [table, rows] of tables) await writer.insertRows(table, rows);
      });
    } catch (error) {
      for (const key of stored) await deps.storage.delete(key);
      throw error;
    }
    return Object.fromEntries(tables.map(([table, rows]) => [table, rows.length]));
  } finally {
    zip.close();
  }
}
