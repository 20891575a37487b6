import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import { DuesRemindersService } from './modules/dues-reminders/dues-reminders.service';
import type { PayLinks } from './modules/dues-reminders/dues-reminders-build';
import { duesReminderHandlers } from './modules/dues-reminders/dues-reminders-schedule';
import type { EventBus } from './modules/events/event-bus';
import { duesMonthStartHandlers } from './modules/fees/dues-month-start';
import { FeesService } from './modules/fees/fees.service';
import { type ReceiptSmsDeps, ReceiptSmsService } from './modules/fees/receipt-sms.service';
import type { JobQueue } from './modules/jobs/jobs.service';
import type { JobHandler } from './modules/jobs/worker';
import { MoneyService } from './modules/money/money.service';
import type { SmsSendService } from './modules/sms/sms-send.service';

/** What a family owes and what the account takes in, part of `Deps` (payments come before online pay). */
export interface FeeServices {
  /** Dues from enrolments, waivers and discounts, special payments and the dues list. */
  fees: FeesService;
  /** Dues SMS and the automatic monthly reminder. */
  duesReminders: DuesRemindersService;
  /** A payment's receipt texted to the family as a short link. */
  receiptSms: ReceiptSmsService;
  /** The money manager (spec part 2 §2): payments plus manual income and expenses. */
  money: MoneyService;
}

/** Fees, dues reminders, texted receipts and the Money Manager, with their worker jobs (composition root part). */
export function createFeeServices(base: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  access: AccessPolicy;
  events: EventBus;
  jobs: JobQueue;
  sends: SmsSendService;
  maskedSender: (accountId: string) => Promise<boolean>;
  /** Short pay links for a reminder's {Pay Link} (online-pay module). */
  payLinks: PayLinks;
  shortLinkTo: ReceiptSmsDeps['shortLinkTo'];
}): { services: FeeServices; handlers(): Record<string, JobHandler> } {
  const { db, clock, log, access, events, jobs } = base;
  const fees = new FeesService({ db, clock, access, events });
  const duesReminders = new DuesRemindersService({
    db,
    clock,
    access,
    events,
    fees,
    payLinks: base.payLinks,
    sends: base.sends,
    maskedSender: base.maskedSender,
  });
  return {
    services: {
      fees,
      duesReminders,
      receiptSms: new ReceiptSmsService({ db, clock, access, events, jobs, shortLinkTo: base.shortLinkTo }),
      money: new MoneyService({ db, clock, access, events }),
    },
    handlers: () => ({
      ...duesReminderHandlers({ db, clock, jobs, reminders: duesReminders, log }),
      ...duesMonthStartHandlers({ db, jobs, clock, fees, log }),
    }),
  };
}
