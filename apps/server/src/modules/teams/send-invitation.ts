import type { Principal } from '../../lib/access';
import { newId } from '../../lib/ids';
import { logActivity } from '../activity/activity';
import { payIndividualSms, publishQuota } from '../sms/sms-quota';
import { TEAMS_LIMITS } from './teams.limits';
import { TeamsRepository } from './teams.repository';
import type { TeamsDeps } from './teams.service';

const INVITATION_TTL_MS = 14 * 24 * 3_600_000;

/**
 * Records an invitation and sends it by e-mail or SMS, counted against the inviting account's
 * daily invitations (an SMS also against the inviter's and the number's, teams.limits.ts); an SMS
 * is paid from its quota like any other.
 */
export async function sendInvitation(
  deps: TeamsDeps,
  principal: Principal,
  input: {
    kind: 'admin-teacher' | 'assistant';
    accountId: string;
    email: string | null;
    phone: string | null;
    classroomId: string | null;
    grants: Record<string, boolean>;
    institution: string;
  },
): Promise<void> {
  const { limiter } = deps;
  const slots = [
    await limiter.take(TEAMS_LIMITS.invitationsPerAccount, input.accountId, 'INVITATIONS_TOO_MANY'),
  ];
  const giveBack = async () => {
    for (const slot of slots) await limiter.giveBack(slot);
  };
  if (!input.email && input.phone) {
    const phone = input.phone;
    await limiter
      .take(TEAMS_LIMITS.invitationSmsPerInviter, principal.user.id, 'INVITATION_SMS_TOO_MANY')
      .then((slot) => slots.push(slot))
      .then(() => limiter.take(TEAMS_LIMITS.invitationSmsPerPhone, phone, 'INVITATION_PHONE_TOO_MANY'))
      .then((slot) => slots.push(slot))
      .catch(async (err) => {
        await giveBack(); // refused: nothing was sent, so nothing counts
        throw err;
      });
  }
  const now = deps.clock.now();
  const link = `${deps.appUrl}/signin`;
  const what = input.kind === 'assistant' ? 'an assistant' : 'a teacher';
  // The same words whoever the invitee is (they may not have an account yet).
  const how = input.email
    ? 'sign in with this e-mail address, or create an account with it first if you have none'
    : 'sign in with this phone number';
  const text = `${principal.user.name} invited you to join ${input.institution} on Batchwise as ${what}. To accept, ${how}: ${link}`;
  let paidBy: string | undefined;
  await deps.db.kysely
    .transaction()
    .execute(async (trx) => {
      await new TeamsRepository(trx).insertInvitation({
        id: newId(now),
        kind: input.kind,
        account_id: input.accountId,
        invited_by: principal.user.id,
        invitee_email: input.email,
        invitee_phone: input.phone,
        classroom_id: input.classroomId,
        grants: JSON.stringify(input.grants),
        status: 'pending',
        created_at: now,
        expires_at: now + INVITATION_TTL_MS,
      });
      if (input.email) {
        await deps.jobs.enqueue(
          'mail.send',
          { to: input.email, subject: `Invitation to ${input.institution}`, text },
          { trx },
        );
      } else if (input.phone) {
        // Paid like any SMS the account sends (texted links too), in this transaction: no quota,
        // no invitation.
        paidBy = await payIndividualSms(trx, input.accountId, {
          reason: 'invitation',
          actorUserId: principal.user.id,
          now,
        });
        await deps.jobs.enqueue('sms.send', { to: input.phone, text }, { trx });
      }
      await logActivity(
        trx,
        principal,
        {
          accountId: input.accountId,
          eventName: 'Invite',
          message: {
            key: input.kind === 'assistant' ? 'invitedAssistant' : 'invitedTeacher',
            params: { contact: input.email ?? input.phone ?? '' },
          },
        },
        now,
      );
    })
    .catch(async (err) => {
      await giveBack(); // nothing was sent (e.g. the SMS quota was short)
      throw err;
    });
  // Whoever shows the paying account's SMS quota refetches it.
  if (paidBy) await publishQuota(deps.events, paidBy, [{ resource: 'invitations' }]);
}
