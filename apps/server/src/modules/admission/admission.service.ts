import {
  ADMISSION_SETTINGS_LIMITS,
  type AdmissionAccept,
  type AdmissionListQuery,
  type AdmissionSettingsSave,
  type AdmissionSettingsView,
  DEFAULT_INSTITUTION,
  DEFAULT_STUDENT_TYPE,
  DEFAULT_VIDEO_PERMISSION,
  nextMaxCustomId,
  type StudentSave,
  stripDuplicateMark,
  suggestCustomId,
} from '@batchwise/domain';
import type { MultipartFile } from '@fastify/multipart';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import { AccountsRepository } from '../accounts/accounts.repository';
import { logActivity } from '../activity/activity';
import type { EventBus } from '../events/event-bus';
import { readAttachment, storeAttachment } from '../media/attachments';
import type { SmsWelcomeService } from '../sms/sms-welcome.service';
import { EnrolmentsRepository } from '../students/enrolments.repository';
import { refuseClash } from '../students/student-clash';
import { StudentsRepository } from '../students/students.repository';
import { publishStudents } from '../students/students.service';
import { emitWebhook } from '../webhooks/webhook-outbox';
import { requireAdmissionSettingsManager, requireAdmissionStaff } from './admission.policy';
import { AdmissionRepository } from './admission.repository';
import { publishApplications } from './admission-events';
import { ADMISSION_SETTINGS_KEY, admissionSettingsOf, applicationView, settingsView } from './admission-view';

export interface AdmissionDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  storage: Storage;
  welcome: Pick<SmsWelcomeService, 'sendFor'>;
}

/**
 * The staff side of online admission: the applications inbox that turns
 * an applicant into a student, and the settings of the public form (admission-form.service.ts).
 */
export class AdmissionService {
  constructor(private readonly deps: AdmissionDeps) {}

  async list(principal: Principal, accountId: string, query: AdmissionListQuery) {
    await this.requireStaff(principal, accountId);
    const { status, q, classroomId, from, to, page, pageSize } = query;
    const result = await new AdmissionRepository(this.deps.db.kysely).page(
      accountId,
      { status, q, classroomId, from, to },
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
   * Accept: the student with the application's data, a student ID from the
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
      // Only a picture this account's form issued to this very application becomes the student's
      // (picture_key): never another tenant's stored picture nor an outside address.
      const avatarKey = application.picture_key;
      await students.insert({
        id: studentId,
        account_id: accountId,
        user_id: null,
        avatar_key: avatarKey,
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
          message: {
            key: 'admissionAccepted',
            params: { student: application.name, classrooms: rooms.map((r) => r.name).join(', ') },
          },
          subjectType: 'student',
          subjectId: studentId,
          data: { applicationId: application.id, customId, classroomIds },
        },
        now,
      );
      // The new student is news of its own to an integrator, beside the decision.
      await emitWebhook(trx, {
        accountId,
        type: 'student.created',
        data: {
          studentId,
          name: application.name,
          phone: application.phone,
          email: null,
          institution: DEFAULT_INSTITUTION,
          customId,
          rfid: null,
          parent1Phone: application.parent1_phone || null,
          parent2Phone: application.parent2_phone || null,
        },
        now,
      });
      await emitWebhook(trx, {
        accountId,
        type: 'application.decided',
        data: { applicationId: application.id, decision: 'accepted', studentId },
        now,
      });
      return { studentId, customId };
    });
    await publishStudents(this.deps.events, accountId);
    await publishApplications(this.deps.events, accountId, 'admission.decided');
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
          message: { key: 'admissionRejected', params: { student: application.name } },
          subjectType: 'admission-application',
          subjectId: application.id,
          data: { reason },
        },
        now,
      );
      await emitWebhook(trx, {
        accountId,
        type: 'application.decided',
        data: { applicationId: application.id, decision: 'rejected', studentId: null },
        now,
      });
    });
    await publishApplications(this.deps.events, accountId, 'admission.decided');
    return { ok: true as const };
  }

  /** The settings staff edit, with the link to share. */
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

  /** A file for the form's welcome page; staff add it to the attachments list and save. */
  async uploadAttachment(
    principal: Principal,
    accountId: string,
    file: () => Promise<MultipartFile | undefined>,
  ): Promise<{ name: string; url: string }> {
    await this.requireSettingsManager(principal, accountId);
    const upload = await readAttachment(await file());
    const key = await storeAttachment(this.deps.storage, upload, this.deps.clock.now());
    const name = upload.fileName
      .replace(/\.[a-z]+$/i, '')
      .trim()
      .slice(0, ADMISSION_SETTINGS_LIMITS.attachmentName);
    return {
      name: name || upload.fileName.slice(0, ADMISSION_SETTINGS_LIMITS.attachmentName),
      url: `/media/${key}`,
    };
  }

  private async requireSettingsManager(principal: Principal, accountId: string) {
    requireAdmissionSettingsManager(await this.deps.access.requireAccount(principal, accountId));
  }

  private async requireStaff(principal: Principal, accountId: string) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    requireAdmissionStaff(scope);
    return scope;
  }
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
