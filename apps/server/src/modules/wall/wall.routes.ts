import { ADMISSION_ATTACHMENT_LIMITS, wallEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { uploadRoutes } from '../../plugins/uploads';
import type { WallService } from './wall.service';
import type { WallFamilyService } from './wall-family.service';

const multipart = { schema: { consumes: ['multipart/form-data'] } };

export function wallRoutes(app: TypedApp, deps: { wall: WallService; family: WallFamilyService }): void {
  const { wall, family } = deps;
  route(app, endpoints.list, (r) =>
    wall.list(r.principal!, r.params.accountId, r.params.classroomId, r.query.page),
  );
  route(app, endpoints.create, (r) => wall.create(r.principal!, r.params.accountId, r.body));
  route(app, endpoints.update, (r) => wall.update(r.principal!, r.params.accountId, r.params.postId, r.body));
  route(app, endpoints.remove, (r) => wall.remove(r.principal!, r.params.accountId, r.params.postId));
  route(app, endpoints.removeComment, (r) =>
    wall.removeComment(r.principal!, r.params.accountId, r.params.postId, r.params.commentId),
  );
  route(app, endpoints.smsPreview, (r) =>
    wall.smsPreview(r.principal!, r.params.accountId, r.params.postId, r.body),
  );
  route(app, endpoints.sendSms, (r) =>
    wall.sendSms(r.principal!, r.params.accountId, r.params.postId, r.body),
  );
  // Announcement files share the admission attachments' path, types and size limit.
  uploadRoutes(
    app,
    (uploads) => {
      route(
        uploads,
        endpoints.uploadAttachment,
        (r) => wall.upload(r.principal!, r.params.accountId, () => r.file()),
        multipart,
      );
    },
    { maxBytes: ADMISSION_ATTACHMENT_LIMITS.maxBytes, tooLarge: 'ADMISSION_ATTACHMENT_TOO_LARGE' },
  );

  route(app, endpoints.familyWall, (r) => family.wall(r.principal!, r.params.studentId, r.query.page));
  route(app, endpoints.comment, (r) =>
    family.comment(r.principal!, r.params.studentId, r.params.postId, r.body.text),
  );
  route(app, endpoints.removeOwnComment, (r) =>
    family.removeComment(r.principal!, r.params.studentId, r.params.postId, r.params.commentId),
  );
}
