import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { QueuedPunch } from './punch-queue';

/** A student the kiosk has seen through a server answer, so an offline scan can still name them. */
export interface KnownStudent {
  readonly deviceKey: string;
  readonly code: string;
  readonly name: string;
  readonly photoUrl: string | null;
}

interface KioskDb extends DBSchema {
  punches: { key: string; value: QueuedPunch; indexes: { byDevice: [string, number] } };
  students: { key: [string, string]; value: KnownStudent };
}

/** Where punches wait; the sender (punch-sender.ts) only needs these four calls. */
export interface PunchStore {
  add(punch: QueuedPunch): Promise<void>;
  /** The oldest waiting punches of one kiosk, oldest first. */
  oldest(deviceKey: string, limit: number): Promise<QueuedPunch[]>;
  remove(clientIds: readonly string[]): Promise<void>;
  count(deviceKey: string): Promise<number>;
}

export interface KioskStore extends PunchStore {
  rememberStudent(student: KnownStudent): Promise<void>;
  knownStudent(deviceKey: string, code: string): Promise<KnownStudent | undefined>;
}

const DB_NAME = 'batchwise-kiosk';

const range = (deviceKey: string) => IDBKeyRange.bound([deviceKey, -Infinity], [deviceKey, Infinity]);

/**
 * The kiosk's IndexedDB. A punch is written with strict durability: the write is on disk before
 * the kiosk says "saved", so a power cut right after a beep loses nothing.
 */
export async function openKioskStore(): Promise<KioskStore> {
  const db: IDBPDatabase<KioskDb> = await openDB<KioskDb>(DB_NAME, 1, {
    upgrade(database) {
      const punches = database.createObjectStore('punches', { keyPath: 'clientId' });
      punches.createIndex('byDevice', ['deviceKey', 'at']);
      database.createObjectStore('students', { keyPath: ['deviceKey', 'code'] });
    },
  });
  return {
    async add(punch) {
      const tx = db.transaction('punches', 'readwrite', { durability: 'strict' });
      await Promise.all([tx.store.put(punch), tx.done]);
    },
    oldest: (deviceKey, limit) => db.getAllFromIndex('punches', 'byDevice', range(deviceKey), limit),
    async remove(clientIds) {
      if (clientIds.length === 0) return;
      const tx = db.transaction('punches', 'readwrite', { durability: 'strict' });
      await Promise.all([...clientIds.map((id) => tx.store.delete(id)), tx.done]);
    },
    count: (deviceKey) => db.countFromIndex('punches', 'byDevice', range(deviceKey)),
    async rememberStudent(student) {
      await db.put('students', student);
    },
    knownStudent: (deviceKey, code) => db.get('students', [deviceKey, code]),
  };
}
