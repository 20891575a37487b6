import crypto from 'node:crypto';
import {
  FACE_LINK_TTL_MS,
  FACE_MODEL,
  FACE_THRESHOLD_DEFAULT,
  type FaceLink,
  type FacePrintStatus,
  type FaceSettings,
  type KioskFaces,
  MESSAGES,
  type PublicFacePrintInfo,
  type PublicFacePrintInput,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import { digest } from '../auth/tokens';
import { pictureUrl, storePicture } from '../media/images';
import type { SecretBox } from '../online-pay/secret-box';
import { loadStudent } from '../students/student-context';
import { storeStudentPhoto } from '../students/students.service';
import { requireFaceEditor, requireFaceSettingsManager } from './faces.policy';
import { type FaceKeyRow, FacesRepository } from './faces.repository';

export interface FacesDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  /** Seals descriptors like merchant credentials, with the same key (PAYMENT_SECRETS_KEY). */
  box: SecretBox;
  storage: Storage;
  appUrl: string;
}

const newKey = () => crypto.randomBytes(24).toString('base64url');

/**
 * Face registration (part 1 §1 /create-face-recog-print): the teacher sends a link, the student's
 * phone computes descriptors and sends only those, sealed here with the account's id as
 * additional data; the kiosk downloads the account's prints and matches on the device. A new
 * registration replaces the last; deleting it (or the student) deletes the descriptors.
 */
export class FacesService {
  private readonly repo: FacesRepository;

  constructor(private readonly deps: FacesDeps) {
    this.repo = new FacesRepository(deps.db.kysely);
  }

  async link(principal: Principal, accountId: string, studentId: string): Promise<FaceLink> {
    const ctx = await loadStudent(this.deps.db.kysely, this.deps.access, principal, accountId, studentId);
    requireFaceEditor(ctx);
    const now = this.deps.clock.now();
    const key = newKey();
    const expiresAt = now + FACE_LINK_TTL_MS;
    await this.repo.insertKey({
      id: newId(now),
      key_hash: digest(key),
      account_id: accountId,
      student_id: studentId,
      created_by: principal.user.id,
      created_at: now,
      expires_at: expiresAt,
    });
    const query = `key=${encodeURIComponent(key)}&suid=${encodeURIComponent(studentId)}`;
    return { url: `${this.deps.appUrl}/create-face-recog-print?${query}`, expiresAt };
  }

  async status(principal: Principal, accountId: string, studentId: string): Promise<FacePrintStatus> {
    await loadStudent(this.deps.db.kysely, this.deps.access, principal, accountId, studentId);
    const row = await this.repo.print(accountId, studentId);
    return {
      registered: row !== undefined,
      angles: row?.angles ?? 0,
      liveness: row?.liveness ?? null,
      updatedAt: row?.updated_at ?? null,
    };
  }

  async remove(principal: Principal, accountId: string, studentId: string): Promise<{ ok: true }> {
    const ctx = await loadStudent(this.deps.db.kysely, this.deps.access, principal, accountId, studentId);
    requireFaceEditor(ctx);
    if (!(await this.repo.deletePrint(accountId, studentId))) throw notFound();
    return { ok: true };
  }

  async settings(principal: Principal, accountId: string): Promise<FaceSettings> {
    requireFaceSettingsManager(await this.deps.access.requireAccount(principal, accountId));
    return this.settingsOf(accountId);
  }

  async updateSettings(principal: Principal, accountId: string, input: FaceSettings): Promise<FaceSettings> {
    requireFaceSettingsManager(await this.deps.access.requireAccount(principal, accountId));
    await this.repo.saveSettings({
      account_id: accountId,
      threshold: input.threshold,
      keep_photo: input.keepPhoto ? 1 : 0,
      updated_at: this.deps.clock.now(),
    });
    return this.settingsOf(accountId);
  }

  async publicInfo(key: string, suid: string): Promise<PublicFacePrintInfo> {
    const row = await this.liveKey(key, suid);
    const [settings, print] = await Promise.all([
      this.settingsOf(row.account_id),
      this.repo.print(row.account_id, row.student_id),
    ]);
    return {
      name: row.name,
      institution: row.institution,
      keepPhoto: settings.keepPhoto,
      registered: print !== undefined,
      expiresAt: row.expires_at,
    };
  }

  /** Stores the descriptors sealed, and the photo only when the account keeps one. */
  async publicSave(input: PublicFacePrintInput) {
    const row = await this.liveKey(input.key, input.suid);
    if (!this.deps.box.ready) throw failure(503, 'FACE_KEY_MISSING');
    const now = this.deps.clock.now();
    const sealed = this.deps.box.seal(input.descriptors, row.account_id);
    if (input.photo && (await this.settingsOf(row.account_id)).keepPhoto) {
      const body = Buffer.from(input.photo.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
      const stored = await storePicture(this.deps.storage, 'students', body, now);
      await storeStudentPhoto(
        this.deps.db,
        null,
        [{ id: row.student_id, account_id: row.account_id, user_id: row.user_id, name: row.name }],
        [row.account_id],
        stored,
        now,
      );
    }
    await this.repo.savePrint({
      student_id: row.student_id,
      account_id: row.account_id,
      sealed,
      model: FACE_MODEL,
      angles: input.descriptors.length,
      liveness: input.liveness,
      created_at: now,
      updated_at: now,
    });
    return { code: 'FACE_PRINT_SAVED' as const, message: MESSAGES.FACE_PRINT_SAVED };
  }

  /**
   * The account's registered faces for its kiosk (the caller's device key already checked):
   * prints that no longer open (another key) are left out rather than failing the kiosk.
   */
  async kioskFaces(accountId: string): Promise<KioskFaces> {
    const [rows, settings] = await Promise.all([
      this.repo.kioskPrints(accountId),
      this.settingsOf(accountId),
    ]);
    const people = rows.flatMap((r) => {
      const descriptors =
        r.model === FACE_MODEL ? this.deps.box.open<number[][]>(r.sealed, accountId) : undefined;
      return descriptors
        ? [{ id: r.student_id, name: r.name, photoUrl: pictureUrl(r.avatar_key), descriptors }]
        : [];
    });
    const version = crypto
      .createHash('sha256')
      .update(JSON.stringify([settings.threshold, rows.map((r) => [r.student_id, r.updated_at])]))
      .digest('base64url')
      .slice(0, 16);
    return { model: FACE_MODEL, threshold: settings.threshold, version, people };
  }

  private async settingsOf(accountId: string): Promise<FaceSettings> {
    const row = await this.repo.settings(accountId);
    return { threshold: row?.threshold ?? FACE_THRESHOLD_DEFAULT, keepPhoto: row?.keep_photo === 1 };
  }

  private async liveKey(key: string, suid: string): Promise<FaceKeyRow> {
    const row = await this.repo.liveKey(digest(key), suid, this.deps.clock.now());
    if (!row) throw failure(404, 'FACE_LINK_INVALID');
    return row;
  }
}
