import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config';
import type { Db } from './db/database';
import { createConsoleMailDriver, createSmtpMailDriver, type MailDriver } from './drivers/mail/mail-driver';
import { createBulkSmsBdGateway } from './drivers/sms/bulksmsbd';
import { createConsoleGateway } from './drivers/sms/console-gateway';
import { type FaultSwitchGateway, withFaultSwitch } from './drivers/sms/fault-switch';
import type { SmsGateway } from './drivers/sms/gateway';
import { createSslWirelessGateway } from './drivers/sms/ssl-wireless';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import type { EventBus } from './modules/events/event-bus';
import type { JobQueue } from './modules/jobs/jobs.service';
import type { OutboxRepository } from './modules/outbox/outbox.repository';
import type { SharedPace } from './modules/rate-limit/shared-pace';
import { SmsAccountService } from './modules/sms/sms-account.service';
import { SmsComposeService } from './modules/sms/sms-compose.service';
import { SmsDispatcher } from './modules/sms/sms-dispatcher';
import { SmsHistoryService } from './modules/sms/sms-history.service';
import { SmsReportsService } from './modules/sms/sms-reports.service';
import { SmsSendService } from './modules/sms/sms-send.service';
import { SmsTemplatesService } from './modules/sms/sms-templates.service';
import { SmsWelcomeService } from './modules/sms/sms-welcome.service';
import { maskedSenderOf, SmsSenderService } from './modules/sms-sender/sms-sender.service';

/** How mail and SMS leave the process: the configured driver, or the outbox on this machine. */
export interface MessageDrivers {
  mail: MailDriver;
  sms: SmsGateway;
  /** The local SMS gateway's fault switch (developer tools with the console driver), else undefined. */
  smsFaults: FaultSwitchGateway | undefined;
}

/** Mail and SMS drivers from the configuration (composition root part). */
export function createMessageDrivers(base: {
  config: Config;
  outbox: OutboxRepository;
  clock: Clock;
  log: FastifyBaseLogger;
}): MessageDrivers {
  const { config, outbox, clock, log } = base;
  const mail =
    config.mail.driver === 'smtp'
      ? createSmtpMailDriver(config.mail.url, config.mail.from)
      : createConsoleMailDriver(outbox, clock, log);
  const smsDriver =
    config.sms.driver === 'bulksmsbd'
      ? createBulkSmsBdGateway(config.sms)
      : config.sms.driver === 'sslwireless'
        ? createSslWirelessGateway(config.sms)
        : createConsoleGateway(outbox, clock, log);
  const smsFaults =
    config.devOutbox && config.sms.driver === 'console' ? withFaultSwitch(smsDriver) : undefined;
  return { mail, sms: smsFaults ?? smsDriver, smsFaults };
}

/** Texting: paid sends and their dispatch, senders, compose, templates, history and reports; part of `Deps`. */
export interface SmsServices {
  /** Queues paid SMS sends (compose, and later welcome SMS, attendance and payment alerts). */
  smsSends: SmsSendService;
  smsDispatcher: SmsDispatcher;
  smsCompose: SmsComposeService;
  smsHistory: SmsHistoryService;
  smsAccount: SmsAccountService;
  smsWelcome: SmsWelcomeService;
  smsTemplates: SmsTemplatesService;
  smsReports: SmsReportsService;
  /** Masking names (asked by owners, approved by staff) and SMS quota shared with members. */
  smsSender: SmsSenderService;
}

/** The SMS services, and the masked-sender rule the other senders of SMS share (composition root part). */
export function createSmsServices(base: {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  events: EventBus;
  access: AccessPolicy;
  jobs: JobQueue;
  pace: SharedPace;
  sms: SmsGateway;
}): { services: SmsServices; maskedSender: ReturnType<typeof maskedSenderOf> } {
  const { config, db, clock, log, events, access, jobs, pace, sms } = base;
  const sends = new SmsSendService({ db, clock, jobs });
  // A sender ID with letters is a brand mask, which the regulator wants in Bangla.
  const platformMasked = config.sms.driver !== 'console' && /[a-z]/i.test(config.sms.senderId ?? '');
  const smsSender = new SmsSenderService({ db, clock, access, events, gatewayMasking: sms.masking });
  const maskedSender = maskedSenderOf(platformMasked, smsSender);
  const smsDispatcher = new SmsDispatcher(
    { db, gateway: sms, clock, jobs, pace, senderOf: (accountId) => smsSender.senderOf(accountId) },
    {
      ...config.smsDispatch,
      retryBaseMs: config.worker.backoffMs,
      maxAttempts: config.worker.maxAttempts,
    },
  );
  return {
    maskedSender,
    services: {
      smsSends: sends,
      smsDispatcher,
      smsSender,
      smsWelcome: new SmsWelcomeService({ db, access, events, sends, log }),
      smsHistory: new SmsHistoryService({ db, clock, access, events, sends }),
      smsCompose: new SmsComposeService({ db, clock, access, events, sends, maskedSender }),
      smsTemplates: new SmsTemplatesService({ db, clock, access, events, sends, maskedSender }),
      smsReports: new SmsReportsService({ db, clock, events, token: config.smsReportsToken }),
      smsAccount: new SmsAccountService({ db, clock, access, events }),
    },
  };
}
