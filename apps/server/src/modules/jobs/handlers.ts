import type { MailDriver } from '../../drivers/mail/mail-driver';
import type { SmsGateway } from '../../drivers/sms/gateway';
import type { SmsDispatcher } from '../sms/sms-dispatcher';
import type { JobTypes } from './jobs.service';
import { type JobHandler, PermanentJobError } from './worker';

/** The handler for each job type. Later modules add theirs here. */
export function jobHandlers(deps: {
  mail: MailDriver;
  sms: SmsGateway;
  smsDispatcher: SmsDispatcher;
  signupWebhookUrl: string | undefined;
}): Record<string, JobHandler> {
  return {
    'sms.dispatch': async (payload) => {
      await deps.smsDispatcher.dispatch((payload as JobTypes['sms.dispatch']).sendId);
    },
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
    // A batch of one through the gateway. A message it refused for good ends the job at once; one
    // it could not take now fails the job so the worker retries it with backoff.
    'sms.send': async (payload, job) => {
      const { to, text } = payload as JobTypes['sms.send'];
      const [result] = await deps.sms.send([{ key: `job:${job.id}`, to, text }]);
      if (!result) throw new Error(`SMS gateway ${deps.sms.name} gave no result`);
      if (result.outcome === 'refused') {
        throw new PermanentJobError(
          `SMS gateway ${deps.sms.name} refused the message (${result.code}): ${result.reason}`,
        );
      }
      if (result.outcome !== 'accepted') {
        throw new Error(
          `SMS gateway ${deps.sms.name} did not take the message (${result.code}): ${result.reason}`,
        );
      }
    },
  };
}
