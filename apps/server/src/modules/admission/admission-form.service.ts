import {
  type AdmissionForm,
  type AdmissionPublicInfo,
  type AdmissionSettings,
  type AdmissionSubmit,
  admissionPageError,
  admissionSubmitError,
  DUPLICATE_WINDOW_MS,
  findDuplicateApplication,
  stripDuplicateMark,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Clock } from '../../lib/clock';
import { AppError, failure } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { ClassroomsRepository } from '../classrooms/classrooms.repository';
import type { EventBus } from '../events/event-bus';
import { pictureKeyOf, pictureUrl, storePicture } from '../media/images';
import { addressKey } from '../rate-limit/address-key';
import type { Limit, RateLimiter } from '../rate-limit/rate-limit.service';
import { emitWebhook } from '../webhooks/webhook-outbox';
import { AdmissionRepository } from './admission.repository';
import { publishApplications } from './admission-events';
import { admissionSettingsOf } from './admission-view';

export interface AdmissionFormDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  limiter: RateLimiter;
  storage: Storage;
}

const MINUTE = 60_000;

/**
 * The public form is open to anyone, and each application lands in a staff inbox: an address may
 * send a handful in a while (a family applying for siblings) and a few dozen a day (a shared
 * school network). The phone check runs on every blur, so it may be asked more often, but is
 * limited too so it cannot be used to sweep phone numbers. Counted in the database, like
 * CONTACT_LIMITS, so every API process sees the same hits.
 */
export const ADMISSION_RATE_LIMITS = {
  submit: { name: 'admission:ip', max: 10, windowMs: 10 * MINUTE },
  submitDaily: { name: 'admission:ip-day', max: 50, windowMs: 24 * 60 * MINUTE },
  phoneCheck: { name: 'admission-check:ip', max: 60, windowMs: 10 * MINUTE },
  picture: { name: 'admission-picture:ip', max: 20, windowMs: 10 * MINUTE },
} as const satisfies Record<string, Limit>;

/** How long an uploaded picture waits for its application: a form filled in over an evening. */
const PICTURE_TTL_MS = 24 * 60 * MINUTE;

/** The spec's page order, for the first specific message of an incomplete application. */
const PAGES = ['name', 'phone', 'picture', 'parents', 'additional', 'details'] as const;

/**
 * The public online-admission wizard (spec part 1 §2.1, §3, §5 "Admission wizard", §7):
 * what the form reads of the institution, the duplicate-phone check, the picture and the
 * submission. No sign-in: the link key is the institution's account id (part 1 §2.1:
 * `?key={institution}`), and every call is limited per address.
 */
export class AdmissionFormService {
  constructor(private readonly deps: AdmissionFormDeps) {}

  async publicInfo(key: string): Promise<AdmissionPublicInfo> {
    const repo = new AdmissionRepository(this.deps.db.kysely);
    const account = await this.institution(repo, key);
    const { settings, language } = admissionSettingsOf(account.settings);
    return {
      instituteId: account.id,
      institution: account.institution,
      logoUrl: pictureUrl(account.logo_key),
      language,
      settings,
      classrooms: await new ClassroomsRepository(this.deps.db.kysely).openOf(account.id),
    };
  }

  /**
   * Whether the phone has a pending application of the last 90 days (part 1 §5 duplicate
   * dialog). Only yes or no leaves the server: never whose application it is.
   */
  async phoneCheck(key: string, phone: string, ip: string): Promise<{ duplicate: boolean }> {
    await this.deps.limiter.take(ADMISSION_RATE_LIMITS.phoneCheck, addressKey(ip), 'ADMISSION_TOO_MANY');
    const repo = new AdmissionRepository(this.deps.db.kysely);
    const account = await this.institution(repo, key);
    requireOpen(admissionSettingsOf(account.settings).settings);
    return { duplicate: await this.hasPending(repo, account.id, phone) };
  }

  async submit(
    key: string,
    input: AdmissionSubmit,
    ip: string,
  ): Promise<{ id: string; number: number; instituteId: string }> {
    // Slots are taken before anything is stored, so parallel posts cannot all slip through.
    const address = addressKey(ip);
    await this.deps.limiter.take(ADMISSION_RATE_LIMITS.submitDaily, address, 'ADMISSION_TOO_MANY');
    await this.deps.limiter.take(ADMISSION_RATE_LIMITS.submit, address, 'ADMISSION_TOO_MANY');
    const repo = new AdmissionRepository(this.deps.db.kysely);
    const account = await this.institution(repo, key);
    const { settings } = admissionSettingsOf(account.settings);
    requireOpen(settings);
    // Only the institution's own fields are kept: anything else is not asked by the form.
    const customFields = Object.fromEntries(
      settings.customFields.flatMap((field) => {
        const answer = input.customFields[field];
        return answer === undefined ? [] : [[field, answer]];
      }),
    );
    const form: AdmissionForm = {
      name: input.name,
      phone: input.phone,
      // The picture's type is checked by its content where it is uploaded; here only whether the
      // form has one (the rule reads a file name, which an address does not have).
      pictureName: input.avatarURL ? 'picture.jpg' : '',
      parent1phone: input.parent1phone,
      parent2phone: input.parent2phone,
      customFields,
      details: input.details,
    };
    const error = submitErrorOf(form, settings);
    if (error) throw error;
    const room = input.course ? (await repo.openClassroomsIn(account.id, [input.course]))[0] : undefined;
    const now = this.deps.clock.now();
    const id = newId(now);
    const number = await this.deps.db.kysely.transaction().execute(async (trx) => {
      const applications = new AdmissionRepository(trx);
      if (input.avatarURL) {
        const picture = pictureKeyOf(input.avatarURL);
        if (!picture || !(await applications.claimPicture(picture, account.id, id, now))) {
          throw failure(400, 'ADMISSION_PICTURE_INVALID');
        }
      }
      const next = await applications.nextNumber(account.id);
      await applications.insert({
        id,
        account_id: account.id,
        number: next,
        name: input.name,
        phone: input.phone,
        parent1_phone: input.parent1phone,
        parent2_phone: input.parent2phone,
        details: input.details,
        course_classroom_id: room?.id ?? null,
        custom_fields: JSON.stringify(customFields),
        avatar_url: input.avatarURL || null,
        status: 'Pending',
        reject_reason: null,
        student_id: null,
        created_at: now,
        decided_at: null,
        decided_by_user_id: null,
      });
      await emitWebhook(trx, {
        accountId: account.id,
        type: 'application.submitted',
        data: {
          applicationId: id,
          number: next,
          name: input.name,
          phone: input.phone,
          classroomId: room?.id ?? null,
        },
        now,
      });
      return next;
    });
    await publishApplications(this.deps.events, account.id, 'admission.submitted');
    return { id, number, instituteId: account.id };
  }

  /**
   * The applicant's picture (page 3), uploaded before the application is sent. Decoding it proves
   * it is an image whatever its name says, and it is stored re-encoded without its metadata.
   * Counted with the phone checks: a form uploads one picture, perhaps a few.
   */
  async picture(key: string, ip: string, readUpload: () => Promise<Buffer>): Promise<{ avatarUrl: string }> {
    await this.deps.limiter.take(ADMISSION_RATE_LIMITS.picture, addressKey(ip), 'ADMISSION_TOO_MANY');
    const account = await this.institution(new AdmissionRepository(this.deps.db.kysely), key);
    requireOpen(admissionSettingsOf(account.settings).settings);
    const now = this.deps.clock.now();
    const stored = await storePicture(this.deps.storage, 'students', await readUpload(), now);
    // Recorded for this form: an application can name only a picture its own form stored.
    await new AdmissionRepository(this.deps.db.kysely).insertPicture({
      key: stored,
      account_id: account.id,
      created_at: now,
      expires_at: now + PICTURE_TTL_MS,
      application_id: null,
    });
    return { avatarUrl: pictureUrl(stored)! };
  }

  /** The account behind a link key; an unknown key is the spec's invalid-link message. */
  private async institution(repo: AdmissionRepository, key: string) {
    const account = await repo.institution(key);
    if (!account) throw failure(404, 'ADMISSION_INVALID_LINK');
    return account;
  }

  private async hasPending(repo: AdmissionRepository, accountId: string, phone: string) {
    const now = this.deps.clock.now();
    const plain = stripDuplicateMark(phone);
    if (plain === '') return false;
    const rows = await repo.pendingWithPhones(accountId, [plain, `${plain}D`], now - DUPLICATE_WINDOW_MS);
    const refs = rows.map((r) => ({ phone: r.phone, timeStamp: Number(r.created_at) }));
    return findDuplicateApplication(phone, refs, now) !== null;
  }
}

/** The owner's switch: a closed form takes no applications, pictures or checks. */
function requireOpen(settings: AdmissionSettings & { acceptingApplications: boolean }): void {
  if (!settings.acceptingApplications) throw failure(403, 'ADMISSION_CLOSED');
}

/**
 * The submit guard (part 1 §5): a missing parent phone has its own message; otherwise the first
 * incomplete page's own message, so an API caller learns which rule failed (the wizard shows the
 * guard's general text, having checked every page already).
 */
function submitErrorOf(form: AdmissionForm, settings: AdmissionSettings): AppError | null {
  const guard = admissionSubmitError(form, settings);
  if (!guard) return null;
  const specific =
    guard.code === 'ADMISSION_SUBMIT_GUARD'
      ? PAGES.map((page) => admissionPageError(page, form, settings)).find((e) => e !== null)
      : null;
  const error = specific ?? guard;
  return new AppError(400, error.code, error.message, error.params);
}
