import { newId } from '../../lib/ids';
import { bdPhone, type ImportContext, type Tree, text, tree } from './firebase-values';
import type { ModeratorGrant } from './map-classrooms';

/** An admin's Teachers/{teacherUid} entry, written once every account of the export exists. */
export interface AdminTeacher {
  readonly adminUid: string;
  readonly adminAccountId: string;
  readonly teacherUid: string;
  readonly position: number;
}

/** Admins oversee the teachers they list (part 2 §3 "Teachers list (under an admin)"). */
export async function importAdminTeachers(ctx: ImportContext, links: readonly AdminTeacher[]): Promise<void> {
  const accounts = await ctx.repo.ourIds(
    'account',
    links.map((link) => link.teacherUid),
  );
  const items = links.flatMap((link) => {
    ctx.report.read('adminTeachers');
    const teacherAccountId = accounts.get(link.teacherUid);
    if (!teacherAccountId) {
      ctx.report.orphan(
        'adminTeachers',
        `${link.adminUid}/${link.teacherUid}`,
        'IMPORT_ADMIN_LISTS_UNKNOWN_TEACHER',
      );
      return [];
    }
    return [
      {
        where: { teacher_account_id: teacherAccountId },
        values: { admin_account_id: link.adminAccountId, position: link.position },
        createOnly: { created_at: ctx.now },
      },
    ];
  });
  const outcomes = await ctx.repo.syncMany('admin_teachers', ['teacher_account_id'], items);
  for (const outcome of outcomes) ctx.report.wrote('adminTeachers', outcome);
}

/** A classroom's AcceptedModerators with their Permission flags (part 2 §3 "Classroom"). */
export async function importModerators(ctx: ImportContext, grants: readonly ModeratorGrant[]): Promise<void> {
  const users = await ctx.repo.ourIds(
    'user',
    grants.map((grant) => grant.userUid),
  );
  const items = grants.flatMap((grant) => {
    ctx.report.read('moderators');
    const userId = users.get(grant.userUid);
    if (!userId) {
      ctx.report.orphan('moderators', grant.key, 'IMPORT_ASSISTANT_WITHOUT_USER');
      return [];
    }
    return [
      {
        where: { account_id: grant.accountId, user_id: userId, classroom_id: grant.classroomId },
        values: {
          status: 'accepted',
          manage_students: grant.manageStudents,
          modify_custom_id: grant.modifyCustomId,
        },
        createOnly: {
          id: newId(ctx.now),
          send_sms: 0,
          blocked: 0,
          created_at: ctx.now,
          accepted_at: ctx.now,
        },
      },
    ];
  });
  const outcomes = await ctx.repo.syncMany('moderators', ['account_id', 'user_id', 'classroom_id'], items);
  for (const outcome of outcomes) ctx.report.wrote('moderators', outcome);
}

/**
 * PARENT-STUDENT-MAPPER/{parentPhone}/{studentPhone} (part 1 §3): a link from the parent's phone
 * to every student holding that phone; a mapping to no student is an orphan. Many parents at a
 * time: their students are found and their links written a few statements per batch.
 */
export async function importParentLinks(
  ctx: ImportContext,
  parents: readonly [string, Tree][],
): Promise<void> {
  const mappings = parents.flatMap(([parentKey, students]) => {
    const parent = bdPhone(parentKey);
    return Object.keys(students).flatMap((studentKey) => {
      const key = `${parentKey}/${studentKey}`;
      ctx.report.read('parentLinks');
      const phone = bdPhone(studentKey, true);
      if (!parent || !phone) {
        ctx.report.skip('parentLinks', key, 'IMPORT_INVALID_PHONE', {
          phone: parent ? studentKey : parentKey,
        });
        return [];
      }
      return [{ key, parent, phone, name: text(students[studentKey]) }];
    });
  });
  const byPhone = await ctx.repo.studentsByPhone(mappings.map((m) => m.phone));
  const links = mappings.flatMap(({ key, parent, phone, name }) => {
    const found = byPhone.get(phone) ?? [];
    if (found.length === 0)
      ctx.report.orphan('parentLinks', key, 'IMPORT_NO_STUDENT_WITH_PHONE', { phone, name });
    return found.map((studentId) => ({
      where: { parent_phone: parent, student_id: studentId },
      values: {},
      createOnly: { created_at: ctx.now },
    }));
  });
  const outcomes = await ctx.repo.syncMany('parent_links', ['parent_phone', 'student_id'], links);
  for (const outcome of outcomes) ctx.report.wrote('parentLinks', outcome);
}

/** A referral as the export tells it: on the referred account (ReferredBy) or the referrer's (PublicInfo Referrals). */
export interface Referral {
  readonly referrerUid: string;
  readonly referredUid: string;
}

/** USERS/{uid}: who referred this account, and whom it lists as referred. */
export function referralsOf(uid: string, record: Tree): Referral[] {
  const referredBy = text(record.ReferredBy);
  return [
    ...(referredBy ? [{ referrerUid: referredBy, referredUid: uid }] : []),
    ...Object.keys(tree(tree(record.PublicInfo).Referrals)).map((referredUid) => ({
      referrerUid: uid,
      referredUid,
    })),
  ];
}

/**
 * Referrals between accounts (part 2 §3 "Teacher / admin account": ReferredBy, Referrals) as the
 * referral feature keeps them: the referred account's referred_by. Told from both sides, one
 * referral counts once; an account named by two referrers keeps the first. A referral naming an
 * account the export does not hold is an orphan. No reward is written: rewards follow a
 * platform payment here (modules/referrals).
 */
export async function importReferrals(ctx: ImportContext, told: readonly Referral[]): Promise<void> {
  const byReferred = new Map<string, Referral>();
  for (const referral of told) {
    const first = byReferred.get(referral.referredUid);
    if (first?.referrerUid === referral.referrerUid) continue;
    ctx.report.read('referrals');
    if (first) {
      ctx.report.skip('referrals', referral.referredUid, 'IMPORT_REFERRED_TWICE');
      continue;
    }
    if (referral.referrerUid === referral.referredUid) {
      ctx.report.skip('referrals', referral.referredUid, 'IMPORT_SELF_REFERRAL');
      continue;
    }
    byReferred.set(referral.referredUid, referral);
  }
  const accounts = await ctx.repo.ourIds(
    'account',
    [...byReferred.values()].flatMap((r) => [r.referrerUid, r.referredUid]),
  );
  const items = [...byReferred.values()].flatMap(({ referrerUid, referredUid }) => {
    const referrer = accounts.get(referrerUid);
    const referred = accounts.get(referredUid);
    if (!referrer || !referred) {
      ctx.report.orphan(
        'referrals',
        referredUid,
        referrer ? 'IMPORT_REFERRAL_OF_UNKNOWN_ACCOUNT' : 'IMPORT_REFERRER_UNKNOWN',
      );
      return [];
    }
    return [{ where: { id: referred }, values: { referred_by: referrer }, createOnly: {} }];
  });
  const outcomes = await ctx.repo.syncMany('accounts', ['id'], items);
  for (const outcome of outcomes) ctx.report.wrote('referrals', outcome);
}
