import type { Config } from './config/config';
import type { Db } from './db/database';
import type { Storage } from './drivers/storage/storage';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import { ACCOUNT_EXPORT_JOB, AccountExportService } from './modules/account-export/account-export.service';
import type { EventBus } from './modules/events/event-bus';
import { ExportsService } from './modules/exports/exports.service';
import type { PdfRenderer } from './modules/exports/pdf-renderer';
import type { JobQueue } from './modules/jobs/jobs.service';
import { type JobHandler, longJob } from './modules/jobs/worker';
import { SecretBox } from './modules/online-pay/secret-box';
import type { StudentsService } from './modules/students/students.service';
import { webhookDeliveryHandler } from './modules/webhooks/webhook-delivery';
import { WebhooksService } from './modules/webhooks/webhooks.service';

/** Data leaving the platform on the owner's say, part of `Deps`. */
export interface DataOutServices {
  /** Tables as XLSX, CSV or PDF, exactly as shown (part 2 §9). */
  exports: ExportsService;
  /** The owner's archive of the whole account: built by the worker, downloaded signed. */
  accountExport: AccountExportService;
  /** Webhook endpoints for integrators (events are emitted from the services' transactions). */
  webhooks: WebhooksService;
}

/** Table exports, the account archive and webhooks, with their worker jobs (composition root part). */
export function createDataOutServices(base: {
  config: Pick<Config, 'appUrl' | 'payments' | 'webhooks'>;
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  jobs: JobQueue;
  storage: Storage;
  students: StudentsService;
  pdf: PdfRenderer;
}): { services: DataOutServices; handlers(): Record<string, JobHandler> } {
  const { config, db, clock, access, events, jobs, storage } = base;
  const delivery = {
    db,
    clock,
    events,
    // Signing secrets are sealed like merchant credentials, with the same key.
    box: new SecretBox(config.payments.secretsKey),
    allowLoopback: config.webhooks.allowLoopback,
    appUrl: config.appUrl,
  };
  const accountExport = new AccountExportService({ db, clock, access, events, jobs, storage });
  return {
    services: {
      exports: new ExportsService({ db, clock, students: base.students, pdf: base.pdf }),
      accountExport,
      webhooks: new WebhooksService({ ...delivery, access }),
    },
    handlers: () => ({
      ...webhookDeliveryHandler(delivery),
      [ACCOUNT_EXPORT_JOB]: longJob((payload) =>
        accountExport.build((payload as { exportId: string }).exportId),
      ),
    }),
  };
}
