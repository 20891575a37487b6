import fs from 'node:fs/promises';
import path from 'node:path';
import { type StatusSnapshot, statusSnapshotSchema } from '@batchwise/domain';

/**
 * The last good snapshot on disk, so the status page still answers (marked stale) when the
 * database does not. Written to a temporary file and renamed, so a reader never sees half of one.
 */
export class StatusSnapshotFile {
  constructor(private readonly file: string) {}

  async write(snapshot: StatusSnapshot): Promise<void> {
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    await fs.writeFile(temporary, JSON.stringify(snapshot));
    await fs.rename(temporary, this.file);
  }

  async read(): Promise<StatusSnapshot | undefined> {
    const text = await fs.readFile(this.file, 'utf8').catch(() => undefined);
    if (!text) return undefined;
    try {
      const parsed = statusSnapshotSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }
}
