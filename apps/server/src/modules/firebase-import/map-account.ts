import { DEFAULT_SMS_QUOTA, DEFAULT_SMS_RATE, randomId, TOOL_KEYS } from '@batchwise/domain';
import type { ProfessionValue } from '../../db/schema';
import { newId } from '../../lib/ids';
import {
  bdPhone,
  email,
  entries,
  flag,
  type ImportContext,
  ms,
  type Tree,
  text,
  tree,
} from './firebase-values';

const PROFESSIONS: readonly ProfessionValue[] = ['Teacher', 'Admin', 'TeacherAssistant', 'Student'];

/** The record's profession, read as the original stored it (`UserProffession`) or spelt right. */
export function professionOf(record: Tree): ProfessionValue | null {
  const info = tree(record.PublicInfo);
  const value = text(info.UserProffession ?? info.UserProfession);
  return PROFESSIONS.find((p) => p === value) ?? null;
}

/**
 * USERS/{uid} as a user (PublicInfo: UserName, UserEmail, UserPhone), or null when the e-mail or
 * phone already belongs to someone else here: the record is skipped with that reason.
 */
export async function importUser(ctx: ImportContext, uid: string, record: Tree): Promise<string | null> {
  const info = tree(record.PublicInfo);
  ctx.report.read('users');
  const values = {
    name: text(info.UserName) || uid,
    email: email(info.UserEmail),
    phone: bdPhone(info.UserPhone),
    profession: professionOf(record),
  };
  const clash = await ctx.repo.userClash(values.email, values.phone, await ctx.repo.ourId('user', uid));
  if (clash) {
    const email = values.email && clash.email === values.email;
    ctx.report.skip('users', uid, email ? 'IMPORT_EMAIL_TAKEN' : 'IMPORT_PHONE_TAKEN');
    return null;
  }
  const { id, outcome } = await ctx.repo.syncKeyed(
    'users',
    'user',
    uid,
    values,
    {
      password_hash: null,
      is_staff: 0,
      avatar_key: null,
      suspicious_at: null,
      disabled_at: null,
      password_changed_at: null,
      created_at: ms(info.Date) ?? ctx.now,
      updated_at: ctx.now,
    },
    ctx.now,
  );
  ctx.report.wrote('users', outcome);
  return id;
}

/**
 * A teacher's or admin's account (part 2 §3 "Teacher / admin account"): institution, app mode,
 * preferences, MaxCustomID, the SMS quota and rate (part 1 §9: 1000 and 0.43 when unknown), the
 * installed tools with their expiry and the students' custom fields.
 */
export async function importAccount(
  ctx: ImportContext,
  uid: string,
  record: Tree,
  ownerId: string,
  kind: 'Teacher' | 'Admin',
): Promise<string> {
  const info = tree(record.PublicInfo);
  const preferences = tree(record.Preferences);
  const quota = tree(record['SMS-Quota']);
  const rate = typeof quota.rate === 'number' ? quota.rate : DEFAULT_SMS_RATE;
  ctx.report.read('accounts');
  const { id, outcome } = await ctx.repo.syncKeyed(
    'accounts',
    'account',
    uid,
    {
      kind,
      institution: text(info.UserInstitution),
      app_mode: text(record.ReactAppMode) === 'SMS_GATEWAY' ? 'SMS_GATEWAY' : 'SMS_LMS_GATEWAY',
      teacher_type: text(info.TeacherType) || 'Institution',
      online_payment: text(info.OnlinePayment) || 'Off',
      preferences: JSON.stringify({
        type: text(preferences.type) || 'Default',
        currency: text(preferences.currency) || 'BDT',
        manageMultiBranches: preferences.ManageMultiBranches === true,
      }),
      sms_rate_paisa: Math.round(rate * 100),
      max_custom_id: Math.max(0, Math.floor(Number(record.MaxCustomID) || 0)),
    },
    {
      owner_user_id: ownerId,
      logo_key: null,
      sms_quota: 0,
      sms_shared_from: null,
      referral_code: randomId(10),
      referred_by: null,
      settings: '{}',
      created_at: ms(info.Date) ?? ctx.now,
      updated_at: ctx.now,
    },
    ctx.now,
  );
  ctx.report.wrote('accounts', outcome);
  const v = Number(quota.v);
  await ctx.repo.setSmsQuota(
    id,
    Number.isFinite(v) && v >= 0 ? Math.floor(v) : DEFAULT_SMS_QUOTA,
    outcome === 'created',
    ctx.now,
  );
  await importTools(ctx, uid, id, record);
  await importFields(ctx, id, record);
  return id;
}

/** InstalledTools/{key} with Expires (ms); keys of tools Batchwise does not offer are skipped. */
async function importTools(ctx: ImportContext, uid: string, accountId: string, record: Tree) {
  const pinned = new Set(Object.values(tree(record.pinnedTools)).map(text));
  const tools = entries(record.InstalledTools).flatMap(([key, tool]) => {
    ctx.report.read('tools');
    if (!(TOOL_KEYS as readonly string[]).includes(key)) {
      ctx.report.skip('tools', `${uid}/${key}`, 'IMPORT_UNKNOWN_TOOL');
      return [];
    }
    return [
      {
        where: { account_id: accountId, tool_key: key },
        values: { expires_at: ms(tool.Expires), pinned: flag(pinned.has(key)) },
        createOnly: { route: null, installed_at: ctx.now },
      },
    ];
  });
  const outcomes = await ctx.repo.syncMany('account_tools', ['account_id', 'tool_key'], tools);
  for (const outcome of outcomes) ctx.report.wrote('tools', outcome);
}

/** StudentsCustomInfoFields (each with a name); the two known ones keep their kind (part 2 §3). */
async function importFields(ctx: ImportContext, accountId: string, record: Tree) {
  let position = 0;
  const fields = entries(record.StudentsCustomInfoFields).flatMap(([, field]) => {
    const name = text(field.name);
    ctx.report.read('studentFields');
    if (!name) {
      ctx.report.skip('studentFields', accountId, 'IMPORT_FIELD_WITHOUT_NAME');
      return [];
    }
    const kind = name === 'Date Of Birth' ? 'date' : name === 'Blood Group' ? 'blood-group' : 'text';
    return [
      {
        where: { account_id: accountId, name },
        values: { kind, position: position++ },
        createOnly: { id: newId(ctx.now), created_at: ctx.now },
      },
    ];
  });
  const outcomes = await ctx.repo.syncMany('student_fields', ['account_id', 'name'], fields);
  for (const outcome of outcomes) ctx.report.wrote('studentFields', outcome);
}

/** The custom field names an account's students carry values for. */
export function fieldNames(record: Tree): string[] {
  return entries(record.StudentsCustomInfoFields)
    .map(([, field]) => text(field.name))
    .filter(Boolean);
}
