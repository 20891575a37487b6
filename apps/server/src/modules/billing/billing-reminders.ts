import { dayOf, formatDmy, graceEnd } from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { nextReminderCheck } from '../dues-reminders/dues-reminders-schedule';
import type { JobQueue } from '../jobs/jobs.service';
import { BillingRepository } from './billing.repository';
import { readBillingSettings } from './billing-settings';

// Renewal reminders: once a day (10:00 in Bangladesh, as the dues reminder) the plans ending
// within the reminder window get one SMS and one e-mail to the owner, through the ordinary
// `sms.send` and `mail.send` jobs. Each end date is reminded once (claimed on the account row),
// so a renewal (a new end date) is reminded again before it ends.

export const BILLING_REMINDERS_JOB = 'billing.reminders';

const DAY_MS = 86_400_000;

export async function scheduleBillingReminders(jobs: JobQueue, clock: Clock): Promise<void> {
  const runAt = nextReminderCheck(clock.now());
  await jobs.enqueue(
    BILLING_REMINDERS_JOB,
    {},
    { runAt, idempotencyKey: `${BILLING_REMINDERS_JOB}:${dayOf(runAt)}` },
  );
}

/** Queues the reminders of plans ending soon; answers how many accounts were reminded. */
export async function sendRenewalReminders(deps: {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  appUrl: string;
}): Promise<number> {
  const now = deps.clock.now();
  const settings = await readBillingSettings(deps.db.kysely);
  const repo = new BillingRepository(deps.db.kysely);
  let sent = 0;
  for (const { id, plan_ends_at } of await repo.endingBetween(now, now + settings.reminderDays * DAY_MS)) {
    const endsAt = Number(plan_ends_at);
    if (!(await repo.claimReminder(id, endsAt))) continue;
    const account = await repo.account(id);
    if (!account) continue;
    const ends = formatDmy(endsAt);
    const until = formatDmy(graceEnd(endsAt, settings.graceDays));
    const link = `${deps.appUrl}/lms-resub`;
    const key = `${BILLING_REMINDERS_JOB}:${id}:${endsAt}`;
    if (account.owner_phone) {
      await deps.jobs.enqueue(
        'sms.send',
        {
          to: account.owner_phone,
          text: `Batchwise: your ${account.plan_id} plan ends on ${ends}. Renew: ${link}\nআপনার প্ল্যানের মেয়াদ ${ends} তারিখে শেষ হবে। নবায়ন করুন: ${link}`,
        },
        { idempotencyKey: `${key}:sms` },
      );
    }
    if (account.owner_email) {
      await deps.jobs.enqueue(
        'mail.send',
        {
          to: account.owner_email,
          subject: `Your Batchwise ${account.plan_id} plan ends on ${ends}`,
          text: [
            `Dear ${account.owner_name},`,
            '',
            `The ${account.plan_id} plan of ${account.institution} ends on ${ends}. Its limits keep working until ${until}; after that the account moves to Lite limits (nothing is deleted).`,
            '',
            `Renew here: ${link}`,
          ].join('\n'),
        },
        { idempotencyKey: `${key}:mail` },
      );
    }
    sent += 1;
  }
  return sent;
}

export function billingReminderHandlers(deps: {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  appUrl: string;
  log: FastifyBaseLogger;
}) {
  return {
    [BILLING_REMINDERS_JOB]: async () => {
      await scheduleBillingReminders(deps.jobs, deps.clock);
      const sent = await sendRenewalReminders(deps);
      if (sent > 0) deps.log.info({ accounts: sent }, 'plan renewal reminders queued');
    },
  };
}
