import {
  cardCodeKeys,
  type KioskDevice,
  type KioskIdentifyResult,
  type KioskPunchResult,
  type KioskStudent,
  type KioskVia,
  studentIdFromQr,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import { pictureUrl } from '../media/images';
import type { OtherUserGate } from '../other-users/other-user-gate';
import type { OtherUserRow } from '../other-users/other-users.repository';
import { addressKey } from '../rate-limit/address-key';
import type { RateLimiter } from '../rate-limit/rate-limit.service';
import { hashDeviceKey } from './device-keys';
import { type KioskDeviceRow, KioskRepository, type KioskStudentRow } from './kiosk.repository';
import type { PunchInput, PunchService, PunchStudent } from './punch.service';

export interface KioskDeps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  punches: PunchService;
  /** Staff, guards and visitors: a code no student holds is tried as theirs. */
  gate: OtherUserGate;
}

/** Wrong keys from one address before it is told to slow down (keys are 256-bit: no guessing). */
const BAD_KEY_LIMIT = { name: 'kiosk-bad-key', max: 60, windowMs: 10 * 60_000 };
/** Reads move a kiosk's last contact on at most this often (a write each time otherwise). */
const CONTACT_EVERY_MS = 30_000;

/** One scan as the route parsed it (contracts/attendance.ts kioskPunchSchema). */
type KioskPunchIn = { clientId: string; code: string; via: KioskVia; at: number; distance?: number };

/** What the routes pass: the device key header as sent, and the caller's address. */
export interface KioskCaller {
  key: string | string[] | undefined;
  ip: string;
}

/**
 * The kiosk. Its routes are public at the router; here the device key decides
 * everything: which device, which account, and that the device is a kiosk still in service. A
 * code is looked up only among that account's current students, so another account's card or
 * QR is `unknown`.
 */
export class KioskService {
  private readonly repo: KioskRepository;

  constructor(private readonly deps: KioskDeps) {
    this.repo = new KioskRepository(deps.db.kysely);
  }

  async device(caller: KioskCaller): Promise<KioskDevice> {
    const device = await this.authenticate(caller);
    await this.touch(device);
    return { deviceName: device.name, institution: device.institution, accountId: device.account_id };
  }

  /** The account of a kiosk in service (its other routes, such as the face download). */
  async accountOf(caller: KioskCaller): Promise<string> {
    const device = await this.authenticate(caller);
    await this.touch(device);
    return device.account_id;
  }

  async identify(caller: KioskCaller, code: string): Promise<KioskIdentifyResult> {
    const device = await this.authenticate(caller);
    await this.touch(device);
    const student = await this.resolve(device.account_id, code);
    if (student) return { outcome: 'found', student: kioskStudent(student) };
    const other = await this.deps.gate.resolve(device.account_id, code);
    return other && this.deps.gate.validNow(other)
      ? { outcome: 'found', student: otherPerson(other), otherUser: true }
      : { outcome: 'unknown' };
  }

  /** Records a page of scans (live, or replayed from the offline queue) in one transaction. */
  async punches(
    caller: KioskCaller,
    punches: readonly KioskPunchIn[],
  ): Promise<{ results: KioskPunchResult[] }> {
    const device = await this.authenticate(caller);
    const known = new Map<string, KioskStudentRow | undefined>();
    for (const code of new Set(punches.map((p) => p.code))) {
      known.set(code, await this.resolve(device.account_id, code));
    }
    const inputs: PunchInput[] = [];
    const sent: number[] = [];
    punches.forEach((p, i) => {
      const student = known.get(p.code);
      if (!student) return;
      // A face is matched on the kiosk and sent as the student's QR payload with its distance.
      const matchDistance = p.via === 'face' ? (p.distance ?? null) : null;
      inputs.push({ studentId: student.id, at: p.at, via: p.via, dedupeKey: p.clientId, matchDistance });
      sent.push(i);
    });
    const recorded = await this.deps.punches.record({
      accountId: device.account_id,
      deviceId: device.id,
      punches: inputs,
      // In the punches' transaction, and only when it is stale: most punches write nothing more.
      touchDevice: this.stale(device),
    });
    const results: KioskPunchResult[] = punches.map((p) => ({ clientId: p.clientId, outcome: 'unknown' }));
    await this.otherUsersPunches(device, punches, known, results);
    recorded.forEach((result, k) => {
      const i = sent[k]!;
      if (result.outcome === 'unknown') return;
      results[i] = {
        clientId: punches[i]!.clientId,
        outcome: result.outcome,
        student: kioskStudent(result.student),
        direction: result.direction,
        at: result.at,
        ...(result.noClass ? { noClass: true } : {}),
      };
    });
    // A kiosk whose every scan was unknown still made contact.
    if (inputs.length === 0) await this.touch(device);
    return { results };
  }

  /** Scans of codes no student holds, tried as other users' (the entry/exit log, nothing more). */
  private async otherUsersPunches(
    device: KioskDeviceRow,
    punches: readonly KioskPunchIn[],
    students: ReadonlyMap<string, KioskStudentRow | undefined>,
    results: KioskPunchResult[],
  ): Promise<void> {
    const people = new Map<string, OtherUserRow>();
    const byCode = new Map<string, OtherUserRow>();
    for (const code of new Set(punches.filter((p) => !students.get(p.code)).map((p) => p.code))) {
      const person = await this.deps.gate.resolve(device.account_id, code);
      if (!person) continue;
      people.set(person.id, person);
      byCode.set(code, person);
    }
    if (people.size === 0) return;
    const sent = punches.flatMap((p, i) => (byCode.has(p.code) ? [i] : []));
    const recorded = await this.deps.gate.record(
      device.account_id,
      device.id,
      people,
      sent.map((i) => {
        const p = punches[i]!;
        return { otherUserId: byCode.get(p.code)!.id, at: p.at, via: p.via, dedupeKey: p.clientId };
      }),
    );
    recorded.forEach((result, k) => {
      const i = sent[k]!;
      if (result.outcome === 'refused') return;
      results[i] = {
        clientId: punches[i]!.clientId,
        outcome: result.outcome,
        student: { ...result.person, photoUrl: null },
        otherUser: true,
        direction: result.direction,
        at: result.at,
      };
    });
  }

  private async authenticate(caller: KioskCaller): Promise<KioskDeviceRow> {
    const key = typeof caller.key === 'string' ? caller.key.trim() : '';
    const device = key ? await this.repo.deviceByKeyHash(hashDeviceKey(key)) : undefined;
    if (device) return device;
    await this.deps.limiter.consume(BAD_KEY_LIMIT, addressKey(caller.ip), 'RATE_LIMITED');
    throw failure(401, 'DEVICE_KEY_INVALID');
  }

  private stale(device: KioskDeviceRow): boolean {
    return (
      device.last_contact_at === null || device.last_contact_at < this.deps.clock.now() - CONTACT_EVERY_MS
    );
  }

  private async touch(device: KioskDeviceRow): Promise<void> {
    if (this.stale(device)) await this.repo.touch(device.id, this.deps.clock.now());
  }

  /** The account's current student a scanned code names: a student QR, else an RFID/NFC serial. */
  private async resolve(accountId: string, code: string): Promise<KioskStudentRow | undefined> {
    const studentId = studentIdFromQr(code);
    if (studentId) return this.repo.studentById(accountId, studentId);
    const keys = cardCodeKeys(code);
    if (keys.length === 0) return undefined;
    const found = await this.repo.studentByCard(accountId, keys);
    if (found) return found;
    // The last key is the most condensed form (no spaces, no NFC colons).
    return this.repo.studentByCardIgnoringSpaces(accountId, keys[keys.length - 1]!);
  }
}

function kioskStudent(s: KioskStudentRow | PunchStudent): KioskStudent {
  const avatarKey = 'avatarKey' in s ? s.avatarKey : s.avatar_key;
  return { id: s.id, name: s.name, photoUrl: pictureUrl(avatarKey) };
}

/** An other user as the kiosk greets them: by name (they have no photo with us). */
function otherPerson(person: OtherUserRow): KioskStudent {
  return { id: person.id, name: person.name, photoUrl: null };
}
