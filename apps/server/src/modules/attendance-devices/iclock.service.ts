import { DEVICE_ONLINE_WINDOW_MS } from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { logActivity } from '../activity/activity';
import type { PunchInput, PunchService } from '../attendance/punch.service';
import type { EventBus } from '../events/event-bus';
import type { GatePunchInput, OtherUserGate } from '../other-users/other-user-gate';
import type { OtherUserRow } from '../other-users/other-users.repository';
import { addressKey } from '../rate-limit/address-key';
import type { Limit, RateLimiter } from '../rate-limit/rate-limit.service';
import { AttendanceDevicesRepository, type DeviceRow } from './attendance-devices.repository';
import { syncDeviceUsers } from './device-sync';
import {
  commandsReply,
  directionOfStatus,
  optionsReply,
  parseAttlog,
  parseCommandResults,
  parseOperlog,
  timeReply,
} from './iclock-protocol';
import { noteUnknownSerial } from './unknown-serials';

export interface IclockDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  events: EventBus;
  punches: PunchService;
  limiter: RateLimiter;
  /** Staff, guards and visitors: a PIN no student holds is tried as their access code. */
  gate: OtherUserGate;
}

/** A plain-text answer to a device. */
export interface IclockReply {
  status: number;
  body: string;
}

/** Commands handed out per heartbeat: a new device learns a school's students in a few minutes. */
const COMMANDS_PER_HEARTBEAT = 50;
/** A command sent but not confirmed this long ago is sent again (the device lost it, or its answer). */
const RESEND_AFTER_MS = 5 * 60_000;
/** Confirmed commands are kept this long, for the counts and for support. */
const KEEP_DONE_MS = 7 * 86_400_000;
/** Last contact is written at most this often per device. */
const CONTACT_EVERY_MS = 15_000;
/**
 * Records from well before the device was added are another system's history (a device reused
 * from an earlier installation keeps its log, and its PINs meant other people): they are dropped.
 */
const HISTORY_SLACK_MS = 60 * 60_000;
/** Punches recorded per transaction when a device uploads a long backlog. */
const PUNCHES_PER_BATCH = 500;
/** Upload stamps are written at most this often per device. */
const STAMP_EVERY_MS = 60_000;
/** A revoked device's refusal is written to its owner's activity log at most this often (per process). */
const ALERT_EVERY_MS = 60 * 60_000;

/**
 * Devices name themselves by a serial anyone can make up, so the first limit is per address, on
 * every iclock request before the serial is even looked up: made-up serials from one address
 * cannot write or look up more than this. A device asks for commands every 10 s and uploads each
 * punch as it happens (a busy gate, one person every two seconds): an address of a dozen devices
 * stays below both limits. The per-serial limit, for registered serials only, caps what one
 * serial copied to many addresses can make the server write.
 */
export const ICLOCK_LIMITS = {
  perAddress: { name: 'iclock:address', max: 600, windowMs: 60_000 },
  perSerial: { name: 'iclock:serial', max: 600, windowMs: 60_000 },
} as const satisfies Record<string, Limit>;

const ok = (body = 'OK'): IclockReply => ({ status: 200, body });
const REFUSED: IclockReply = { status: 403, body: 'ERROR: device not allowed' };
const NO_SERIAL: IclockReply = { status: 400, body: 'ERROR: SN missing' };

/**
 * The device side of ZKTeco integration (iclock-protocol.ts): devices name
 * themselves only by serial number (SN) in the query string, with no credential, so a serial is
 * served only while an account has it on its device list; anything else is refused, stores
 * nothing and is written to the activity log (the owner's, for a revoked device).
 */
export class IclockService {
  private readonly alerted = new Map<string, number>();

  constructor(private readonly deps: IclockDeps) {}

  /** Before any iclock request is read: the per-address limit (429 once it is passed). */
  admit(ip: string): Promise<void> {
    return this.deps.limiter.consume(ICLOCK_LIMITS.perAddress, addressKey(ip), 'RATE_LIMITED');
  }

  /** `GET /iclock/cdata`: the options handshake, the time, or a plain check-in. */
  async cdataGet(serial: string | undefined, query: { options?: string; type?: string }, ip: string) {
    const device = await this.identify(serial, ip);
    if (!device) return serial ? REFUSED : NO_SERIAL;
    await this.contact(device);
    const now = this.deps.clock.now();
    if (query.type === 'time') return ok(timeReply(now));
    if (query.options === undefined) return ok();
    const repo = new AttendanceDevicesRepository(this.deps.db.kysely);
    await repo.ensureState(device.id, now);
    const state = await repo.state(device.id);
    return ok(
      optionsReply(device.serial!, {
        attlog: state?.attlog_stamp ?? '0',
        operlog: state?.operlog_stamp ?? '0',
      }),
    );
  }

  /** `POST /iclock/cdata?table=…`: punches (ATTLOG), device-side changes (OPERLOG), anything else. */
  async cdataPost(
    serial: string | undefined,
    query: { table?: string; Stamp?: string; OpStamp?: string },
    body: string,
    ip: string,
  ): Promise<IclockReply> {
    const device = await this.identify(serial, ip);
    if (!device) return serial ? REFUSED : NO_SERIAL;
    await this.contact(device);
    const table = (query.table ?? '').toUpperCase();
    if (table === 'ATTLOG') return this.attlog(device, body, query.Stamp);
    if (table === 'OPERLOG') {
      const { lines, users } = parseOperlog(body);
      this.deps.log.info(
        { serial: device.serial, lines, users: users.map((u) => u.pin) },
        'iclock OPERLOG received (device-side enrolments are not read back)',
      );
      await this.saveStamp(device, { operlog_stamp: stampOf(query.OpStamp ?? query.Stamp) });
      return ok(`OK:${lines}`);
    }
    // options (device info), ATTPHOTO, BIODATA, USERINFO…: taken and not kept, so the device moves on.
    this.deps.log.debug({ serial: device.serial, table }, 'iclock upload ignored');
    return ok();
  }

  /** `GET /iclock/getrequest`: the heartbeat; answers the commands due, or OK. */
  async heartbeat(serial: string | undefined, ip: string): Promise<IclockReply> {
    const device = await this.identify(serial, ip);
    if (!device) return serial ? REFUSED : NO_SERIAL;
    await this.contact(device);
    const { db, clock } = this.deps;
    const now = clock.now();
    const repo = new AttendanceDevicesRepository(db.kysely);
    const state = await repo.state(device.id);
    if (!state || Number(state.synced_version) !== (await repo.listVersion(device.account_id))) {
      await db.kysely.transaction().execute((trx) => syncDeviceUsers(trx, device, now));
    }
    const due = await repo.deliverable(device.id, now - RESEND_AFTER_MS, COMMANDS_PER_HEARTBEAT);
    if (due.length === 0) return ok();
    await repo.markSent(
      device.id,
      due.map((c) => Number(c.id)),
      now,
    );
    return ok(commandsReply(due.map((c) => ({ id: Number(c.id), command: c.command }))));
  }

  /** `POST /iclock/devicecmd`: what the device made of the commands it was given. */
  async commandResults(serial: string | undefined, body: string, ip: string): Promise<IclockReply> {
    const device = await this.identify(serial, ip);
    if (!device) return serial ? REFUSED : NO_SERIAL;
    await this.contact(device);
    const now = this.deps.clock.now();
    const results = parseCommandResults(body);
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new AttendanceDevicesRepository(trx);
      for (const r of results) {
        const known = await repo.finish(
          device.id,
          r.id,
          r.returnCode === 0 ? 'done' : 'failed',
          r.returnCode,
          now,
        );
        if (known && r.returnCode !== 0) {
          this.deps.log.warn(
            { serial: device.serial, id: r.id, returnCode: r.returnCode },
            'device command failed',
          );
        }
      }
      if (results.length > 0) await repo.pruneDone(device.id, now - KEEP_DONE_MS);
    });
    return ok();
  }

  /** `GET /iclock/ping`: alive, nothing to say. */
  async ping(serial: string | undefined, ip: string): Promise<IclockReply> {
    const device = await this.identify(serial, ip);
    if (!device) return serial ? REFUSED : NO_SERIAL;
    await this.contact(device);
    return ok();
  }

  private async attlog(device: DeviceRow, body: string, stamp: string | undefined): Promise<IclockReply> {
    const { records, rejected } = parseAttlog(body);
    if (rejected.length > 0) {
      this.deps.log.warn(
        { serial: device.serial, lines: rejected.slice(0, 5) },
        'ATTLOG lines not understood',
      );
    }
    const since = Number(device.created_at) - HISTORY_SLACK_MS;
    const fresh = records.filter((r) => r.at >= since);
    const numeric = fresh.filter((r) => /^\d{1,9}$/.test(r.pin));
    const repo = new AttendanceDevicesRepository(this.deps.db.kysely);
    const pins = await repo.studentsByPin(device.account_id, [...new Set(numeric.map((r) => Number(r.pin)))]);
    const studentOf = new Map(pins.map((p) => [Number(p.pin), p.student_id]));
    const others = await this.deps.gate.byPins(
      device.account_id,
      [...new Set(numeric.map((r) => Number(r.pin)))].filter((pin) => !studentOf.has(pin)),
    );
    const punches: PunchInput[] = [];
    const otherPunches: GatePunchInput[] = [];
    const unknown = new Set<string>();
    for (const r of numeric) {
      const studentId = studentOf.get(Number(r.pin));
      const other = others.get(Number(r.pin));
      if (!studentId && other) {
        otherPunches.push({
          otherUserId: other.id,
          at: r.at,
          via: 'zkteco',
          direction: directionOfStatus(r.status),
          dedupeKey: `${r.pin}|${r.localTime}`,
        });
        continue;
      }
      if (!studentId) {
        unknown.add(r.pin);
        continue;
      }
      punches.push({
        studentId,
        at: r.at,
        via: 'zkteco',
        direction: directionOfStatus(r.status),
        // Dedupe on (serial, PIN, time): the device is the serial; a resend is the same line.
        dedupeKey: `${r.pin}|${r.localTime}`,
        verifyCode: r.verify,
      });
    }
    for (const r of fresh) if (!numeric.includes(r)) unknown.add(r.pin);
    if (unknown.size > 0 || fresh.length < records.length) {
      this.deps.log.info(
        {
          serial: device.serial,
          unknownPins: [...unknown].slice(0, 20),
          beforeAdded: records.length - fresh.length,
        },
        'ATTLOG records of no student or other user of the account were not stored',
      );
    }
    for (let i = 0; i < punches.length; i += PUNCHES_PER_BATCH) {
      await this.deps.punches.record({
        accountId: device.account_id,
        deviceId: device.id,
        punches: punches.slice(i, i + PUNCHES_PER_BATCH),
      });
    }
    if (otherPunches.length > 0) {
      const people = new Map<string, OtherUserRow>([...others.values()].map((o) => [o.id, o]));
      await this.deps.gate.record(device.account_id, device.id, people, otherPunches);
    }
    await this.saveStamp(device, { attlog_stamp: stampOf(stamp) });
    // Every line is answered for, stored or not, so the device does not send them again.
    return ok(`OK:${records.length + rejected.length}`);
  }

  /**
   * Keeps the upload stamp the handshake answers, at most once a minute per device: a stamp a
   * little behind only makes a rebooted device resend a few records, which are deduplicated, and
   * an upload costs no extra write.
   */
  private async saveStamp(device: DeviceRow, stamps: { attlog_stamp?: string; operlog_stamp?: string }) {
    const repo = new AttendanceDevicesRepository(this.deps.db.kysely);
    const now = this.deps.clock.now();
    const state = await repo.state(device.id);
    const changed = Object.fromEntries(
      Object.entries(stamps).filter(
        ([key, v]) => v !== undefined && state?.[key as keyof typeof stamps] !== v,
      ),
    );
    if (Object.keys(changed).length === 0) return;
    const first = !state || Object.keys(changed).some((key) => state[key as keyof typeof stamps] === null);
    if (!first && now - Number(state.updated_at) < STAMP_EVERY_MS) return;
    if (!state) await repo.ensureState(device.id, now);
    await repo.setStamps(device.id, { ...changed, updated_at: now });
  }

  /** The device of an allowed serial, or undefined (refusals of a known serial are alerted). */
  private async identify(serial: string | undefined, ip: string): Promise<DeviceRow | undefined> {
    if (!serial) return undefined;
    const device = await new AttendanceDevicesRepository(this.deps.db.kysely).deviceBySerial(serial);
    if (device && device.revoked_at === null && device.kind === 'zkteco') {
      await this.deps.limiter.consume(ICLOCK_LIMITS.perSerial, serial, 'RATE_LIMITED');
      return device;
    }
    if (device?.revoked_at) await this.alertRevoked(serial, device, ip);
    else await noteUnknownSerial(this.deps, serial.slice(0, 64), addressKey(ip));
    return undefined;
  }

  /**
   * Moves the last contact on; a device heard from again after a silence (or for the first time)
   * tells the devices page, which otherwise refreshes on its own timer.
   */
  private async contact(device: DeviceRow): Promise<void> {
    const now = this.deps.clock.now();
    const last = device.last_contact_at === null ? null : Number(device.last_contact_at);
    // Read with the device a moment ago: most requests need no write at all.
    if (last !== null && now - last < CONTACT_EVERY_MS) return;
    await new AttendanceDevicesRepository(this.deps.db.kysely).touch(device.id, now, CONTACT_EVERY_MS);
    if (last !== null && now - last < DEVICE_ONLINE_WINDOW_MS) return;
    try {
      await this.deps.events.publish({
        channel: `account:${device.account_id}`,
        type: 'attendance-devices.online',
        stale: [{ resource: 'attendance', params: { accountId: device.account_id } }],
        data: { deviceId: device.id },
      });
    } catch (err) {
      this.deps.log.warn({ err }, 'device online event not published');
    }
  }

  /** A removed device still calling: its owner hears of it, at most hourly per serial. */
  private async alertRevoked(serial: string, revoked: DeviceRow, ip: string): Promise<void> {
    const now = this.deps.clock.now();
    const last = this.alerted.get(serial);
    if (last !== undefined && now - last < ALERT_EVERY_MS) return;
    if (this.alerted.size > 10_000) this.alerted.clear();
    this.alerted.set(serial, now);
    this.deps.log.warn({ serial, ip, problem: 'revoked' }, 'attendance device refused');
    await logActivity(
      this.deps.db.kysely,
      null,
      {
        accountId: revoked.account_id,
        eventName: 'Attendance Device Refused',
        message: {
          key: 'removedDeviceCalled',
          params: { device: revoked.name, serial: revoked.serial ?? '', ip },
        },
        subjectType: 'attendance-device',
        subjectId: revoked.id,
        data: { serial, ip, problem: 'revoked' },
      },
      now,
    );
  }
}

/** A Stamp value worth keeping: digits (some firmware sends a decimal point), short. */
function stampOf(stamp: string | undefined): string | undefined {
  return stamp !== undefined && /^\d{1,20}(\.\d{1,6})?$/.test(stamp) ? stamp : undefined;
}
