import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database';
import type { PaymentGateways } from './drivers/payments/gateways';
import type { Storage } from './drivers/storage/storage';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import { EducastService } from './modules/educast/educast.service';
import { EducastFamilyService } from './modules/educast/educast-family.service';
import { EDUCAST_PUBLISH_JOB, EducastPublisher } from './modules/educast/educast-publish';
import type { JobQueue } from './modules/jobs/jobs.service';
import { type JobHandler, longJob } from './modules/jobs/worker';
import type { SecretBox } from './modules/online-pay/secret-box';
import { FamilyChildrenService } from './modules/portal/family-children.service';
import { PublicVideoService } from './modules/public-video/public-video.service';
import {
  PublicVideoPayService,
  VIDEO_PAY_RECONCILE_JOB,
} from './modules/public-video/public-video-pay.service';
import type { MyClassesService } from './modules/students/my-classes.service';
import { type ClaimUpload, VideoService } from './modules/video/video.service';
import { VideoFamilyService } from './modules/video/video-family.service';
import { VIDEO_TRANSCODE_JOB, VideoTranscoder } from './modules/video/video-transcode';

/** Private video courses: part of `Deps`. */
export interface VideoServices {
  video: VideoService;
  videoFamily: VideoFamilyService;
  publicVideo: PublicVideoService;
  publicVideoPay: PublicVideoPayService;
  educast: EducastService;
  educastFamily: EducastFamilyService;
}

/**
 * Their part of the composition root (deps.ts): the teacher's library and courses, the family's
 * courses and player, the public courses and their sale, the transcode job, and EduCast, whose
 * recordings become lesson videos through the library's own insert and are watched under the
 * family side's rules. Uploads come in through `claimUpload` (the uploads
 * capability); the family side finds a child through the portal's guardian-of / self policy.
 */
export function createVideoServices(base: {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  jobs: JobQueue;
  storage: Storage;
  myClasses: MyClassesService;
  claimUpload: ClaimUpload;
  /** Public courses are sold through the institution's own gateway (modules/public-video). */
  pay: { box: SecretBox; gateways: PaymentGateways; log: FastifyBaseLogger; appUrl: string };
}): { services: VideoServices; handlers(): Record<string, JobHandler> } {
  const { db, clock, access, jobs, storage, myClasses, claimUpload } = base;
  const transcoder = new VideoTranscoder({ db, clock, storage });
  const video = new VideoService({ db, clock, access, jobs, storage, claimUpload });
  const family = new FamilyChildrenService({ db, myClasses });
  const videoFamily = new VideoFamilyService({ db, clock, family });
  const publisher = new EducastPublisher({ db, clock, storage, videos: video });
  const publicVideo = new PublicVideoService({ db, clock, access, box: base.pay.box });
  const publicVideoPay = new PublicVideoPayService({
    db,
    clock,
    access,
    jobs,
    ...base.pay,
    courses: publicVideo,
  });
  return {
    services: {
      video,
      videoFamily,
      publicVideo,
      publicVideoPay,
      educast: new EducastService({ db, clock, access, jobs, storage }),
      educastFamily: new EducastFamilyService({ db, family, lessons: videoFamily }),
    },
    handlers: () => ({
      [VIDEO_TRANSCODE_JOB]: longJob(transcoder.handler()),
      [EDUCAST_PUBLISH_JOB]: longJob(publisher.handler()),
      [VIDEO_PAY_RECONCILE_JOB]: async (payload) => {
        const { tranId } = payload as { tranId?: string };
        if (tranId) await publicVideoPay.reconcile(tranId);
      },
    }),
  };
}
