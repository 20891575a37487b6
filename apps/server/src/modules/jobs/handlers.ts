import type { MailDriver } from '../../drivers/mail/mail-driver';
import type { SmsDriver } from '../../drivers/sms/sms-driver';
import type { JobTypes } from './jobs.service';
import type { JobHandler } from './worker';

/** The handler for each job type. Later modules add theirs here. */
export function jobHandlers(deps: {
  mail: MailDriver;
  sms: SmsDriver;
  signupWebhookUrl: string | undefined;
}): Record<string, JobHandler> {
  return {
    // The team-chat sign-up report (Slack / Google Chat / Teams all accept a `text` field).
    'signup.report': async (payload) => {
      const p = payload as JobTypes['signup.report'];
      if (!deps.signupWebhookUrl) return;
      const kind = p.business ? `${p.accountType} (business)` : p.accountType;
      const response = await fetch(deps.signupWebhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          text: `New Batchwise sign-up: ${kind} — ${p.institution} (user ${p.userId})`,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`Sign-up webhook answered HTTP ${response.status}`);
    },
    // The job's id as the send key: a job run again after its worker died mid-job (lease expired)
    // must not send the same message twice (found by `npm run drill`).
    'mail.send': async (payload, job) => {
      await deps.mail.send({ ...(payload as JobTypes['mail.send']), key: `job:${job.id}` });
    },
    'sms.send': async (payload, job) => {
      await deps.sms.send({ ...(payload as JobTypes['sms.send']), key: `job:${job.id}` });
    },
  };
}
