import {
  dayOf,
  dayStartMs,
  OTHER_USER_QR_PREFIX,
  otherUserCodeOf,
  otherUserIdFromQr,
  otherUserValidOn,
  type PunchDirection,
  type PunchVia,
  punchDirection,
} from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { EventBus } from '../events/event-bus';
import { type OtherUserRow, OtherUsersRepository } from './other-users.repository';

export interface OtherUserGateDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** An other user as a gate greets them. */
export interface GatePerson {
  id: string;
  name: string;
}

/** One punch of a person already found by their code. */
export interface GatePunchInput {
  otherUserId: string;
  at: number;
  via: PunchVia;
  /** The device's own direction (ZKTeco in/out mode); none: toggled as for students. */
  direction?: PunchDirection | null;
  dedupeKey: string;
}

/** What became of one punch; `refused`: unknown, or outside the person's valid days. */
export type GatePunchResult =
  | { outcome: 'recorded' | 'duplicate'; person: GatePerson; direction: PunchDirection; at: number }
  | { outcome: 'refused' };

const FUTURE_SLACK_MS = 5 * 60_000;

/** The QR payload of an other user (what the sheets print). */
export const otherUserQrPayload = (id: string) => `${OTHER_USER_QR_PREFIX}${id}`;

/**
 * The gate side of other users: the kiosk (by QR or typed code) and ZKTeco devices (by PIN, which
 * is the access code) find a person here and record their entries and exits. Unlike students'
 * punches (attendance/punch.service.ts) nothing else follows: no session marks, no parent SMS, no
 * webhook; the teacher's entry/exit log hears of it live. A punch outside the person's valid days
 * is refused and stores nothing.
 */
export class OtherUserGate {
  private readonly repo: OtherUsersRepository;

  constructor(private readonly deps: OtherUserGateDeps) {
    this.repo = new OtherUsersRepository(deps.db.kysely);
  }

  /** The account's other user a scanned QR or typed code names, or undefined. */
  async resolve(accountId: string, code: string): Promise<OtherUserRow | undefined> {
    const id = otherUserIdFromQr(code);
    if (id) return this.repo.byId(accountId, id);
    const number = otherUserCodeOf(code);
    if (number === null) return undefined;
    return (await this.repo.byCodes(accountId, [number]))[0];
  }

  /** The account's other users holding these ZKTeco PINs, by PIN. */
  async byPins(accountId: string, pins: readonly number[]): Promise<Map<number, OtherUserRow>> {
    const rows = await this.repo.byCodes(accountId, pins);
    return new Map(rows.map((r) => [Number(r.code), r]));
  }

  /** Whether the person may pass now (their valid days, Bangladesh time). */
  validNow(person: OtherUserRow): boolean {
    return otherUserValidOn(
      { validFrom: person.valid_from, validTo: person.valid_to },
      dayOf(this.deps.clock.now()),
    );
  }

  /**
   * Records punches in time order, each direction toggling from the person's punch before it that
   * day; a resend (same device and dedupe key) is answered with the stored punch.
   */
  async record(
    accountId: string,
    deviceId: string | null,
    people: ReadonlyMap<string, OtherUserRow>,
    punches: readonly GatePunchInput[],
  ): Promise<GatePunchResult[]> {
    const now = this.deps.clock.now();
    const results: GatePunchResult[] = new Array(punches.length);
    const order = punches.map((_, i) => i).sort((a, b) => punches[a]!.at - punches[b]!.at || a - b);
    let recorded = 0;
    for (const i of order) {
      const input = punches[i]!;
      const at = input.at > now + FUTURE_SLACK_MS ? now : input.at;
      const person = people.get(input.otherUserId);
      const validity = person && { validFrom: person.valid_from, validTo: person.valid_to };
      if (!person || !validity || !otherUserValidOn(validity, dayOf(at))) {
        results[i] = { outcome: 'refused' };
        continue;
      }
      const previous = await this.repo.previousPunch(person.id, dayStartMs(dayOf(at)), at);
      const direction = punchDirection(
        { at, direction: input.direction },
        previous && { at: Number(previous.at), direction: previous.direction },
      );
      const inserted = await this.repo.insertPunch({
        id: newId(now),
        account_id: accountId,
        other_user_id: person.id,
        direction,
        at,
        via: input.via,
        device_id: deviceId,
        dedupe_key: input.dedupeKey,
        created_at: now,
      });
      const who = { id: person.id, name: person.name };
      if (inserted) {
        recorded++;
        results[i] = { outcome: 'recorded', person: who, direction, at };
        continue;
      }
      const stored = deviceId ? await this.repo.storedPunch(deviceId, input.dedupeKey) : undefined;
      results[i] = stored
        ? { outcome: 'duplicate', person: who, direction: stored.direction, at: Number(stored.at) }
        : { outcome: 'refused' };
    }
    if (recorded > 0) await this.publish(accountId);
    return results;
  }

  /** The entry/exit log refreshes (it reads the 'attendance' resource). */
  private async publish(accountId: string): Promise<void> {
    try {
      await this.deps.events.publish({
        channel: `account:${accountId}`,
        type: 'other-users.punch',
        stale: [{ resource: 'attendance', params: { accountId } }],
      });
    } catch (err) {
      // The punch is stored and acknowledged; a lost live update only delays a screen.
      this.deps.log.warn({ err }, 'other-user punch event not published');
    }
  }
}
