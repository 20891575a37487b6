import {
  type ActivityMessage,
  type AttendanceDevice,
  type AttendanceDeviceList,
  type DeviceSyncResult,
  dayOf,
  dayStartMs,
  type IssuedKiosk,
  KIOSK_PAGE_PATH,
} from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import { logActivity } from '../activity/activity';
import { hashDeviceKey, newDeviceKey } from '../attendance/device-keys';
import type { EventBus } from '../events/event-bus';
import { requireDeviceManager } from './attendance-devices.policy';
import { AttendanceDevicesRepository, type DeviceRow } from './attendance-devices.repository';
import { syncDeviceUsers } from './device-sync';

export interface AttendanceDevicesDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  /** PUBLIC_URL: the kiosk link is built from it, never from a request's Host header. */
  appUrl: string;
}

/**
 * The account's attendance devices as owners and admins manage them (the attendance capability;
 * /Sentinel-Connected-Devices). A ZKTeco device is allowed by its serial number and is sent the
 * account's students as soon as it is added; a kiosk gets a device key shown once, of which only
 * the SHA-256 is kept. Revoking keeps the device's punches and refuses its serial or key.
 */
export class AttendanceDevicesService {
  constructor(private readonly deps: AttendanceDevicesDeps) {}

  async list(principal: Principal, accountId: string): Promise<AttendanceDeviceList> {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    return { devices: await this.views(accountId, now), now };
  }

  async addZkteco(principal: Principal, accountId: string, input: { serial: string; name: string }) {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    const deviceId = await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new AttendanceDevicesRepository(trx);
      const existing = await repo.deviceBySerial(input.serial);
      let device: Pick<DeviceRow, 'id' | 'account_id'>;
      if (existing?.account_id === accountId) {
        if (existing.revoked_at === null) throw failure(409, 'DEVICE_ALREADY_ADDED');
        // The same device back on the list: its PINs, queue and punches carry on.
        await repo.reinstate(existing.id, input.name);
        device = existing;
      } else {
        if (existing && existing.revoked_at === null) throw failure(409, 'DEVICE_SERIAL_TAKEN');
        // Revoked by another institution (sold, moved): the serial is theirs no longer.
        if (existing) await repo.releaseSerial(existing.id, Number(existing.revoked_at));
        device = { id: newId(now), account_id: accountId };
        await repo.insertDevice({
          ...device,
          kind: 'zkteco',
          name: input.name,
          serial: input.serial,
          key_hash: null,
          created_by: principal.user.id,
          created_at: now,
          last_contact_at: null,
          revoked_at: null,
        });
      }
      const queued = await syncDeviceUsers(trx, device, now, { everyone: true });
      await this.log(trx, principal, accountId, device.id, now, 'Add Attendance Device', {
        message: {
          key: 'deviceAdded',
          params: { device: input.name, serial: input.serial, count: queued },
        },
        serial: input.serial,
      });
      return device.id;
    });
    await this.publish(accountId);
    return this.view(accountId, deviceId);
  }

  async issueKiosk(principal: Principal, accountId: string, input: { name: string }): Promise<IssuedKiosk> {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    const key = newDeviceKey();
    const id = newId(now);
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new AttendanceDevicesRepository(trx).insertDevice({
        id,
        account_id: accountId,
        kind: 'kiosk',
        name: input.name,
        serial: null,
        key_hash: hashDeviceKey(key),
        created_by: principal.user.id,
        created_at: now,
        last_contact_at: null,
        revoked_at: null,
      });
      await this.log(trx, principal, accountId, id, now, 'Add Attendance Device', {
        message: { key: 'kioskIssued', params: { device: input.name } },
      });
    });
    await this.publish(accountId);
    const url = `${this.deps.appUrl}${KIOSK_PAGE_PATH}?key=${encodeURIComponent(key)}`;
    return { device: await this.view(accountId, id), key, url };
  }

  async rename(principal: Principal, accountId: string, deviceId: string, input: { name: string }) {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new AttendanceDevicesRepository(trx);
      const device = await repo.device(accountId, deviceId);
      if (!device) throw notFound();
      await repo.rename(accountId, deviceId, input.name);
      await this.log(trx, principal, accountId, deviceId, now, 'Rename Attendance Device', {
        message: { key: 'deviceRenamed', params: { device: device.name, name: input.name } },
      });
    });
    await this.publish(accountId);
    return this.view(accountId, deviceId);
  }

  /** Revokes a device; revoking one already revoked changes nothing and succeeds. */
  async revoke(principal: Principal, accountId: string, deviceId: string) {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new AttendanceDevicesRepository(trx);
      const device = await repo.device(accountId, deviceId);
      if (!device) throw notFound();
      if (!(await repo.revoke(accountId, deviceId, now))) return;
      await this.log(trx, principal, accountId, deviceId, now, 'Revoke Attendance Device', {
        message:
          device.kind === 'kiosk'
            ? { key: 'kioskRemoved', params: { device: device.name } }
            : device.serial
              ? { key: 'deviceRemoved', params: { device: device.name, serial: device.serial } }
              : { key: 'deviceRemovedNoSerial', params: { device: device.name } },
      });
    });
    await this.publish(accountId);
    return { ok: true as const };
  }

  /** Queues every student of the account for a ZKTeco device again (a device reset or replaced). */
  async sync(principal: Principal, accountId: string, deviceId: string): Promise<DeviceSyncResult> {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    const queued = await this.deps.db.kysely.transaction().execute(async (trx) => {
      const device = await new AttendanceDevicesRepository(trx).device(accountId, deviceId);
      if (!device) throw notFound();
      if (device.kind !== 'zkteco') throw failure(409, 'DEVICE_NOT_ZKTECO');
      if (device.revoked_at !== null) throw failure(409, 'DEVICE_REVOKED');
      const count = await syncDeviceUsers(trx, device, now, { everyone: true });
      await this.log(trx, principal, accountId, deviceId, now, 'Sync Attendance Device', {
        message: {
          key: 'studentsQueued',
          params: { count, device: device.name, serial: device.serial ?? '' },
        },
      });
      return count;
    });
    await this.publish(accountId);
    return { queued };
  }

  private async view(accountId: string, deviceId: string): Promise<AttendanceDevice> {
    const device = (await this.views(accountId, this.deps.clock.now())).find((d) => d.id === deviceId);
    if (!device) throw notFound();
    return device;
  }

  /** Every device of the account with its figures: active ones first, newest first. */
  private async views(accountId: string, now: number): Promise<AttendanceDevice[]> {
    const repo = new AttendanceDevicesRepository(this.deps.db.kysely);
    const devices = await repo.devicesOf(accountId);
    const commands = await repo.commandCounts(accountId);
    const users = new Map((await repo.userCounts(accountId)).map((u) => [u.device_id, Number(u.n)]));
    const punches = new Map(
      (await repo.punchCounts(accountId, dayStartMs(dayOf(now)))).map((p) => [p.device_id, Number(p.n)]),
    );
    const count = (deviceId: string, statuses: readonly string[]) =>
      commands
        .filter((c) => c.device_id === deviceId && statuses.includes(c.status))
        .reduce((sum, c) => sum + Number(c.n), 0);
    const views = devices.map(
      (d): AttendanceDevice => ({
        id: d.id,
        kind: d.kind,
        name: d.name,
        serial: d.serial,
        createdAt: Number(d.created_at),
        lastContactAt: d.last_contact_at === null ? null : Number(d.last_contact_at),
        revokedAt: d.revoked_at === null ? null : Number(d.revoked_at),
        pendingCommands: count(d.id, ['queued', 'sent']),
        failedCommands: count(d.id, ['failed']),
        usersOnDevice: users.get(d.id) ?? 0,
        punchesToday: punches.get(d.id) ?? 0,
      }),
    );
    return [...views.filter((v) => v.revokedAt === null), ...views.filter((v) => v.revokedAt !== null)];
  }

  private log(
    trx: Kysely<Database>,
    principal: Principal,
    accountId: string,
    deviceId: string,
    now: number,
    eventName: string,
    { message, ...data }: { message: ActivityMessage } & Record<string, unknown>,
  ) {
    return logActivity(
      trx,
      principal,
      { accountId, eventName, message, subjectType: 'attendance-device', subjectId: deviceId, data },
      now,
    );
  }

  /** The devices list reads the 'attendance' resource (punches today): it refreshes. */
  private async publish(accountId: string) {
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'attendance-devices.changed',
      stale: [{ resource: 'attendance', params: { accountId } }],
    });
  }

  private async requireManager(principal: Principal, accountId: string) {
    requireDeviceManager(await this.deps.access.requireAccount(principal, accountId));
  }
}
