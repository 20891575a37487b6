import type { Config } from './config/config';
import type { Db } from './db/database';
import { createZoomDriver, type ZoomDriver } from './drivers/zoom/zoom';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import type { EventBus } from './modules/events/event-bus';
import type { JobQueue } from './modules/jobs/jobs.service';
import type { JobHandler } from './modules/jobs/worker';
import { SecretBox } from './modules/online-pay/secret-box';
import type { SmsComposeService } from './modules/sms/sms-compose.service';
import { ZoomConnectionService } from './modules/zoom/zoom-connection.service';
import { ZOOM_ATTENDANCE_JOB, ZoomMeetingsService } from './modules/zoom/zoom-meetings.service';
import { ZoomWebhook } from './modules/zoom/zoom-webhook';

/** Online classes through Zoom: part of `Deps`. */
export interface ZoomServices {
  /** Zoom's endpoints (or the loopback stand-in outside production). */
  zoomDriver: ZoomDriver;
  zoomConnection: ZoomConnectionService;
  zoomMeetings: ZoomMeetingsService;
  zoomWebhook: ZoomWebhook;
}

/**
 * Their part of the composition root (deps.ts). The tokens are sealed with the payment secrets'
 * key (online-pay/secret-box.ts); the join link goes out through the SMS compose service and the
 * links module's short links; the report after each class is a job.
 */
export function createZoomServices(base: {
  config: Pick<Config, 'zoom' | 'payments' | 'appUrl'>;
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  jobs: JobQueue;
  smsCompose: SmsComposeService;
  shortLinkTo: (accountId: string, path: string, byUserId: string) => Promise<{ shortUrl: string }>;
}): { services: ZoomServices; handlers(): Record<string, JobHandler> } {
  const { config, db, clock, access, events, jobs, smsCompose, shortLinkTo } = base;
  const zoomDriver = createZoomDriver(config.zoom);
  const zoomConnection = new ZoomConnectionService({
    db,
    clock,
    access,
    zoom: zoomDriver,
    secrets: new SecretBox(config.payments.secretsKey),
    appUrl: config.appUrl,
  });
  const zoomMeetings = new ZoomMeetingsService({
    db,
    clock,
    access,
    events,
    jobs,
    connection: zoomConnection,
    smsCompose,
    shortLinkTo,
    appUrl: config.appUrl,
  });
  return {
    services: {
      zoomDriver,
      zoomConnection,
      zoomMeetings,
      zoomWebhook: new ZoomWebhook({ zoom: zoomDriver, meetings: zoomMeetings, clock }),
    },
    handlers: () => ({
      [ZOOM_ATTENDANCE_JOB]: async (payload) => {
        const { accountId, meetingId } = payload as { accountId: string; meetingId: string };
        await zoomMeetings.reportJob(accountId, meetingId);
      },
    }),
  };
}
