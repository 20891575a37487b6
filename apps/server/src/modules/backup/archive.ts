import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DialectName } from '../../db/database';

/**
 * A backup archive is a directory named after its UTC start time, holding the database copy, the
 * uploads and manifest.json. It is written under a `.partial` name and renamed when complete, so
 * a directory with the archive name is always whole.
 */
export const MANIFEST = 'manifest.json';
export const FORMAT = 'batchwise-backup';
export const FORMAT_VERSION = 1;
export const SQLITE_COPY = 'database.sqlite';
export const PG_DUMP = 'database.pgdump';
export const UPLOADS = 'uploads';

const NAME = /^batchwise-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z$/;

export interface TableStats {
  rows: number;
  /** sha256 over the table's rows in primary-key order, in the canonical form of `rowLine`. */
  sha256: string;
}

export interface ArchiveFile {
  /** Relative to the archive, with forward slashes. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  appVersion: string;
  dialect: DialectName;
  createdAt: string;
  /** The PostgreSQL schema dumped, when not the database's default (tests work in one schema each). */
  schema?: string;
  database: string;
  tables: Record<string, TableStats>;
  files: ArchiveFile[];
}

/** `batchwise-20261124T020000123Z`: sorts by time, safe on every file system. */
export function archiveName(time: number): string {
  return `batchwise-${new Date(time).toISOString().replace(/[-:.]/g, '')}`;
}

/** When an archive was started, from its name; undefined for anything else. */
export function archiveTime(name: string): number | undefined {
  const m = NAME.exec(name);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, ms] = m.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!, ms!);
}

/**
 * One row as a line of the table checksum: its values in column-name order as JSON. Both
 * databases return our integers as numbers and text as strings; booleans, big integers and bytes
 * are written one way whichever driver produced them.
 */
export function rowLine(row: Record<string, unknown>): string {
  const values = Object.keys(row)
    .sort()
    .map((column) => {
      const value = row[column];
      if (typeof value === 'boolean') return value ? 1 : 0;
      if (typeof value === 'bigint') return value.toString();
      if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
      if (value instanceof Date) return value.getTime();
      return value ?? null;
    });
  return `${JSON.stringify(values)}\n`;
}

export async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

export async function describeFile(root: string, relative: string): Promise<ArchiveFile> {
  const file = path.join(root, relative);
  const { size } = await fsp.stat(file);
  return { path: relative.split(path.sep).join('/'), bytes: size, sha256: await sha256File(file) };
}

/** Refuses a path from a manifest that would leave the archive or the target. */
export function assertInside(relative: string): void {
  const normal = path.posix.normalize(relative);
  if (path.posix.isAbsolute(normal) || normal.startsWith('..') || normal !== relative) {
    throw new Error(`The manifest names a file outside the archive: ${relative}`);
  }
}
