import type { MessageCode } from '@batchwise/domain';
import type { UserRow } from '../../db/schema';
import { failure } from '../../lib/errors';
import type { JobQueue } from '../jobs/jobs.service';

const HOUR = 3_600_000;

/**
 * Someone tried to open an account with an e-mail that already has one. The answer on screen
 * does not say so (it would tell strangers which e-mails have accounts: OWASP Authentication
 * Cheat Sheet, "Account creation"); the owner hears it by e-mail instead, where only they can
 * read it. At most one such notice per address an hour, so the notice cannot be used to flood
 * someone's inbox.
 */
export async function mailAccountExistsNotice(
  jobs: JobQueue,
  notice: { to: string; name: string; appUrl: string; now: number },
): Promise<void> {
  const { to, name, appUrl, now } = notice;
  await jobs.enqueue(
    'mail.send',
    {
      to,
      subject: 'You already have a Batchwise account',
      text: [
        `Hello ${name},`,
        '',
        'Someone tried to create a new Batchwise account with this e-mail address, which already has one.',
        `If it was you, sign in at ${appUrl}/signin, or choose a new password at ${appUrl}/forgot-password.`,
        '',
        'If it was not you, ignore this e-mail: nothing has changed.',
        '',
        'এই ইমেইল ঠিকানায় আগে থেকেই একটি Batchwise অ্যাকাউন্ট আছে। আপনি নিজে চেষ্টা করে থাকলে সাইন ইন করুন অথবা পাসওয়ার্ড রিসেট করুন।',
      ].join('\n'),
    },
    { idempotencyKey: `account-exists:${to}:${now - (now % HOUR)}` },
  );
}

/**
 * Refuses an account whose e-mail or phone is already someone's, with one code that does not say
 * which; the owner of a taken e-mail gets the notice above.
 */
export async function refuseTakenDetails(
  jobs: JobQueue,
  taken: { owner: Pick<UserRow, 'email' | 'name'> | undefined },
  notice: { appUrl: string; now: number; code: MessageCode },
): Promise<never> {
  if (taken.owner?.email) {
    await mailAccountExistsNotice(jobs, {
      to: taken.owner.email,
      name: taken.owner.name,
      appUrl: notice.appUrl,
      now: notice.now,
    });
  }
  throw failure(409, notice.code);
}
