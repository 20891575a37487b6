import type { MailDriver } from '../../drivers/mail/mail-driver';
import type { SmsDriver } from '../../drivers/sms/sms-driver';
import type { JobTypes } from './jobs.service';
import type { JobHandler } from './worker';

/** The handler for each job type. Later modules add theirs here. */
export function jobHandlers(deps: { mail: MailDriver; sms: SmsDriver }): Record<string, JobHandler> {
  return {
    'mail.send': async (payload) => {
      await deps.mail.send(payload as JobTypes['mail.send']);
    },
    'sms.send': async (payload) => {
      await deps.sms.send(payload as JobTypes['sms.send']);
    },
  };
}
