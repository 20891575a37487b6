import type { Kysely } from 'kysely';
import type { Db } from '../../../apps/server/src/db/database';
import type { Database } from '../../../apps/server/src/db/schema';
import type { Api, Reply } from './api';
import type { Random } from './random';
import type { Target } from './server';

export interface Teacher {
  cookie: string;
  accountId: string;
}

export interface DrillContext {
  api: Api;
  random: Random;
  dialect: 'sqlite' | 'postgres';
  /** Where the server's database is: for a path whose writer is a process of its own (an import). */
  target: Target;
  /** A number never handed out before in this drill: for names, e-mails and phones. */
  unique(): number;
  /** Signs a new teacher up (TRUST_PROXY lets each sign-up come from its own address). */
  signUpTeacher(): Promise<Teacher>;
  /**
   * The server's database, opened from the drill (close it after use): for set-up the API does not
   * offer, such as a device key issued by hand.
   */
  openDatabase(): Db;
}

export interface Findings {
  /** Acknowledged writes the database lacks, or holds with other values. */
  losses: string[];
  /** Effects that happened twice (an SMS sent twice for one job). */
  duplicates: string[];
}

/**
 * One write path of the drill. Adding a path (imports, payments, punches) is one module that
 * implements this and one line in `paths/index.ts`.
 */
export interface WritePath {
  readonly name: string;
  /** Concurrent clients writing on this path while the server runs (0: the server writes alone). */
  readonly clients: number;
  /**
   * Before the first start: what the server's environment needs for this path (the address of a
   * loopback gateway the drill runs). Stopped by `close` after the drill.
   */
  environment?(): Promise<Record<string, string>>;
  close?(): Promise<void>;
  /** Once per drill, on the first start, before any kill. */
  setup?(ctx: DrillContext): Promise<void>;
  /** Each run before the clients start. */
  prepare?(ctx: DrillContext): Promise<void>;
  /** One write. A refusal is fine; a dead connection (the kill) leaves the write in flight. */
  write?(ctx: DrillContext, client: number): Promise<void>;
  /** With the server killed (`kill`) or after the final drain (`final`): compare with the database. */
  verify(db: Kysely<Database>, stage: 'kill' | 'final'): Promise<Findings>;
  /**
   * Figures: acknowledged writes, writes in flight when the server was killed, and where a path
   * resends after a restart (a cashier's retry, a gateway's IPN), the writes sent again.
   */
  figures(): { acknowledged: number; inFlightAtKill: number; sentAgain?: number };
}

/**
 * Writes sent and acknowledged, by key (a student id, a unique name). A write whose answer never
 * came (the kill) may or may not have committed: either is right, and what the database holds
 * becomes the acknowledged state. An acknowledged value missing or different is a loss.
 */
export class Tracked<V> {
  acknowledged = 0;
  inFlightAtKill = 0;
  private readonly acked = new Map<string, V>();
  private readonly pending = new Map<string, V>();

  constructor(
    private readonly equal: (a: V, b: V) => boolean = (a, b) => JSON.stringify(a) === JSON.stringify(b),
  ) {}

  /** Sends a write; `fromReply` gives the acknowledged value (a new row's id) from a 200 answer. */
  async send(key: string, value: V, request: () => Promise<Reply>, fromReply?: (reply: Reply) => V) {
    this.pending.set(key, value);
    const reply = await request().catch(() => undefined);
    if (!reply) return undefined;
    this.pending.delete(key);
    if (reply.status === 200) {
      this.acked.set(key, fromReply ? fromReply(reply) : value);
      this.acknowledged++;
    }
    return reply;
  }

  get(key: string): V | undefined {
    return this.acked.get(key);
  }

  keys(): string[] {
    return [...new Set([...this.acked.keys(), ...this.pending.keys()])];
  }

  ackedKeys(): string[] {
    return [...this.acked.keys()];
  }

  /** Compares with what the database holds for `keys()`; returns the losses and forgets the in-flight writes. */
  reconcile(found: Map<string, V>, describe: (key: string) => string): string[] {
    const losses: string[] = [];
    for (const key of this.keys()) {
      const inDb = found.get(key);
      const acked = this.acked.get(key);
      const pending = this.pending.get(key);
      if (pending !== undefined && inDb !== undefined && (acked === undefined || this.equal(inDb, pending))) {
        this.acked.set(key, inDb);
      } else if (acked !== undefined && inDb === undefined) {
        losses.push(`${describe(key)}: acknowledged, missing`);
      } else if (acked !== undefined && inDb !== undefined && !this.equal(inDb, acked)) {
        losses.push(`${describe(key)}: acknowledged ${JSON.stringify(acked)}, found ${JSON.stringify(inDb)}`);
      }
    }
    this.inFlightAtKill += this.pending.size;
    this.pending.clear();
    return losses;
  }
}
