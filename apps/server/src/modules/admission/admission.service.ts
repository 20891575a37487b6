import {
  type AdmissionAccept,
  type AdmissionForm,
  type AdmissionListQuery,
  type AdmissionPublicInfo,
  type AdmissionSettings,
  type AdmissionSettingsSave,
  type AdmissionSettingsView,
  type AdmissionSubmit,
  admissionPageError,
  admissionSubmitError,
  DEFAULT_INSTITUTION,
  DEFAULT_STUDENT_TYPE,
  DEFAULT_VIDEO_PERMISSION,
  DUPLICATE_WINDOW_MS,
  findDuplicateApplication,
  nextMaxCustomId,
  type StudentSave,
  stripDuplicateMark,
  suggestCustomId,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { AppError, failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import { AccountsRepository } from '../accounts/accounts.repository';
import { logActivity } from '../activity/activity';
import { ClassroomsRepository } from '../classrooms/classrooms.repository';
import type { EventBus } from '../events/event-bus';
import { pictureUrl } from '../media/images';
import { addressKey } from '../rate-limit/address-key';
import type { Limit, RateLimiter } from '../rate-limit/rate-limit.service';
import type { SmsWelcomeService } from '../sms/sms-welcome.service';
import { EnrolmentsRepository } from '../students/enrolments.repository';
import { refuseClash } from '../students/student-clash';
import { StudentsRepository } from '../students/students.repository';
import { publishStudents } from '../students/students.service';
import { requireAdmissionSettingsManager, requireAdmissionStaff } from './admission.policy';
import { AdmissionRepository } from './admission.repository';
import { ADMISSION_SETTINGS_KEY, admissionSettingsOf, applicationView, settingsView } from './admission-view';

export interface AdmissionDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  limiter: RateLimiter;
  welcome: Pick<SmsWelcomeService, 'sendFor'>;
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
} as const satisfies Record<string, Limit>;

/** The spec's page order, for the first specific message of an incomplete application. */
const PAGES = ['name', 'phone', 'picture', 'parents', 'additional', 'details'] as const;

/**
 * Online admission (issue 13; spec part 1 §2.1, §3, §5 "Admission wizard", §7): the public
 * wizard's reads and its submission, and the staff inbox that turns an applicant into a student.
 * The link key is the institution's account id (part 1 §2.1: `?key={institution}`).
 */
export class AdmissionService {
  constructor(private readonly deps: AdmissionDeps) {}

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
    return { duplicate: await this.hasPending(repo, account.id, phone) };
  }

  async submit(
    key: string,
    input: AdmissionSubmit,
    ip: string,
  ): Promise<{ id: string; instituteId: string }> {
    // Slots are taken before anything is stored, so parallel posts cannot all slip through.
    const address = addressKey(ip);
    await this.deps.limiter.take(ADMISSION_RATE_LIMITS.submitDaily, address, 'ADMISSION_TOO_MANY');
    await this.deps.limiter.take(ADMISSION_RATE_LIMITS.submit, address, 'ADMISSION_TOO_MANY');
    const repo = new AdmissionRepository(this.deps.db.kysely);
    const account = await this.institution(repo, key);
    const { settings } = admissionSettingsOf(account.settings);
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
    await repo.insert({
      id,
      account_id: account.id,
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
    await this.publish(account.id, 'admission.submitted');
    return { id, instituteId: account.id };
  }

  async list(principal: Principal, accountId: string, query: AdmissionListQuery) {
    await this.requireStaff(principal, accountId);
    const { status, q, from, to, page, pageSize } = query;
    const result = await new AdmissionRepository(this.deps.db.kysely).page(
      accountId,
      { status, q, from, to },
      page,
      pageSize,
    );
    return { items: result.rows.map(applicationView), total: result.total, page, pageSize };
  }

  async get(principal: Principal, accountId: string, applicationId: string) {
    await this.requireStaff(principal, accountId);
    const row = await new AdmissionRepository(this.deps.db.kysely).find(accountId, applicationId);
    if (!row) throw notFound();
    return applicationView(row);
  }

  /**
   * Accept (issue 13 item 3): the student with the application's data, a student ID from the
   * account's counter (MaxCustomID, raised), parent links, enrolments, the application marked
   * accepted and the activity entry, all in one transaction; then the welcome SMS if asked.
   */
  async accept(principal: Principal, accountId: string, applicationId: string, input: AdmissionAccept) {
    const scope = await this.requireStaff(principal, accountId);
    const classroomIds = [...new Set(input.classroomIds)];
    const now = this.deps.clock.now();
    const accepted = await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new AdmissionRepository(trx);
      const application = await repo.find(accountId, applicationId);
      if (!application) throw notFound();
      if (application.status !== 'Pending') throw failure(409, 'ADMISSION_ALREADY_DECIDED');
      if (classroomIds.length === 0) throw failure(400, 'SELECT_AT_LEAST_ONE_CLASSROOM');
      const rooms = await repo.openClassroomsIn(accountId, classroomIds);
      if (rooms.length !== classroomIds.length) throw notFound();

      const students = new StudentsRepository(trx);
      // Holding the counter until commit, so two acceptances never give the same ID.
      const counter = await students.counterAccount(accountId, { hold: true });
      const customId = suggestCustomId(counter.max_custom_id);
      // refuseClash reads only the phone, student ID and RFID code of the save.
      await refuseClash(trx, { ctx: null, team: [scope] }, {
        phone: application.phone,
        customId,
        rfid: '',
      } as StudentSave);
      const studentId = newId(now);
      await students.insert({
        id: studentId,
        account_id: accountId,
        user_id: null,
        // A picture uploaded to our own storage becomes the student's; another address stays on
        // the application only.
        avatar_key: application.avatar_url?.startsWith('/media/') ? application.avatar_url.slice(7) : null,
        name: application.name,
        phone: application.phone,
        email: null,
        institution: DEFAULT_INSTITUTION,
        custom_id: customId,
        rfid: null,
        parent1_phone: application.parent1_phone || null,
        parent2_phone: application.parent2_phone || null,
        custom_fields: application.custom_fields,
        created_at: now,
        updated_at: now,
        person_id: null,
        archived_at: null,
      });
      const parents = [application.parent1_phone, application.parent2_phone]
        .map(stripDuplicateMark)
        .filter(Boolean);
      await students.replaceParentLinks(studentId, parents, now);
      const enrolments = new EnrolmentsRepository(trx);
      for (const room of rooms) {
        await enrolments.insert({
          id: newId(now),
          student_id: studentId,
          classroom_id: room.id,
          applied_at: Number(application.created_at),
          accepted_at: now,
          tuition_fee: input.tuitionFeePaisa ?? null,
          type: DEFAULT_STUDENT_TYPE,
          video_permission: DEFAULT_VIDEO_PERMISSION,
        });
      }
      const raised = nextMaxCustomId(counter.max_custom_id, customId);
      if (raised > counter.max_custom_id) await students.raiseMaxCustomId(counter.id, raised);
      await decideOnce(repo, application.id, {
        status: 'Accepted',
        student_id: studentId,
        decided_at: now,
        decided_by_user_id: principal.user.id,
      });
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Accept Admission',
          summary: `Accepted the application of ${application.name} into ${rooms.map((r) => r.name).join(', ')}`,
          subjectType: 'student',
          subjectId: studentId,
          data: { applicationId: application.id, customId, classroomIds },
        },
        now,
      );
      return { studentId, customId };
    });
    await publishStudents(this.deps.events, accountId);
    await this.publish(accountId, 'admission.decided');
    const welcomeSms = input.welcomeSms
      ? await this.deps.welcome.sendFor(accountId, [accepted.studentId], principal.user.id)
      : 0;
    return { ...accepted, welcomeSms };
  }

  async reject(principal: Principal, accountId: string, applicationId: string, reason: string) {
    await this.requireStaff(principal, accountId);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new AdmissionRepository(trx);
      const application = await repo.find(accountId, applicationId);
      if (!application) throw notFound();
      await decideOnce(repo, application.id, {
        status: 'Rejected',
        reject_reason: reason,
        decided_at: now,
        decided_by_user_id: principal.user.id,
      });
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Reject Admission',
          summary: `Rejected the application of ${application.name}`,
          subjectType: 'admission-application',
          subjectId: application.id,
          data: { reason },
        },
        now,
      );
    });
    await this.publish(accountId, 'admission.decided');
    return { ok: true as const };
  }

  /** The settings staff edit (issue 13 item 2), with the link to share. */
  async settings(principal: Principal, accountId: string): Promise<AdmissionSettingsView> {
    await this.requireSettingsManager(principal, accountId);
    const account = await new AccountsRepository(this.deps.db.kysely).findById(accountId);
    if (!account) throw notFound();
    return settingsView(accountId, admissionSettingsOf(account.settings));
  }

  /**
   * Saves the admission settings under their key of the account's settings JSON; the other keys
   * (welcome SMS and the rest) are read and written back in the same transaction, untouched.
   */
  async saveSettings(
    principal: Principal,
    accountId: string,
    input: AdmissionSettingsSave,
  ): Promise<AdmissionSettingsView> {
    await this.requireSettingsManager(principal, accountId);
    const stored = { ...input.settings, language: input.language };
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const saved = await new AccountsRepository(trx).setSetting(accountId, ADMISSION_SETTINGS_KEY, stored);
      if (!saved) throw notFound();
    });
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'admission.settings',
      stale: [{ resource: 'admission-settings', params: { accountId } }],
    });
    return settingsView(accountId, input);
  }

  private async requireSettingsManager(principal: Principal, accountId: string) {
    requireAdmissionSettingsManager(await this.deps.access.requireAccount(principal, accountId));
  }

  private async requireStaff(principal: Principal, accountId: string) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    requireAdmissionStaff(scope);
    return scope;
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

  /** Tells the account's staff (the inbox and its badge) that applications changed. */
  private async publish(accountId: string, type: string) {
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type,
      stale: [{ resource: 'admission-applications', params: { accountId } }],
    });
  }
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

/**
 * Records a decision on an application still pending; one decided meanwhile (a second accept, a
 * reject racing an accept) is refused, and the caller's transaction with it.
 */
async function decideOnce(
  repo: AdmissionRepository,
  id: string,
  changes: Parameters<AdmissionRepository['decide']>[1],
) {
  if (!(await repo.decide(id, changes))) throw failure(409, 'ADMISSION_ALREADY_DECIDED');
}
