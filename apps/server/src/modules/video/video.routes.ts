import { videoEndpoints as endpoints } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Clock } from '../../lib/clock';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { VideoService } from './video.service';
import type { VideoFamilyService } from './video-family.service';
import { videoStreamRoutes } from './video-stream';

export function videoRoutes(
  app: TypedApp,
  deps: {
    video: VideoService;
    family: VideoFamilyService;
    stream: { db: Db; storage: Storage; clock: Clock };
  },
): void {
  const { video, family } = deps;
  route(app, endpoints.library, (r) => video.library(r.principal!, r.params.accountId));
  route(app, endpoints.add, (r) => video.add(r.principal!, r.params.accountId, r.body));
  route(app, endpoints.remove, (r) => video.remove(r.principal!, r.params.accountId, r.params.videoId));
  route(app, endpoints.preview, (r) => video.preview(r.principal!, r.params.accountId, r.params.videoId));
  route(app, endpoints.createCourse, (r) => video.createCourse(r.principal!, r.params.accountId, r.body));
  route(app, endpoints.saveCourse, (r) =>
    video.saveCourse(r.principal!, r.params.accountId, r.params.courseId, r.body),
  );
  route(app, endpoints.removeCourse, (r) =>
    video.removeCourse(r.principal!, r.params.accountId, r.params.courseId),
  );
  route(app, endpoints.viewers, (r) => video.viewers(r.principal!, r.params.accountId, r.params.courseId));
  route(app, endpoints.setPermission, (r) =>
    video.setPermission(r.principal!, r.params.accountId, r.params.studentId, r.body.allowed),
  );
  route(app, endpoints.familyCourses, (r) => family.courses(r.principal!, r.params.studentId));
  route(app, endpoints.familyPlay, (r) => family.play(r.principal!, r.params.studentId, r.params.videoId));
  route(app, endpoints.familyProgress, (r) =>
    family.saveProgress(r.principal!, r.params.studentId, r.params.videoId, r.body.positionMs),
  );
  videoStreamRoutes(app, deps.stream);
}
