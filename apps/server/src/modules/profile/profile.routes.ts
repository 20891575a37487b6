import { profileEndpoints as endpoints, MESSAGES } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { uploadRoutes } from '../../plugins/uploads';
import { readPicture } from '../media/images';
import type { ProfileService } from './profile.service';

export function profileRoutes(app: TypedApp, profile: ProfileService): void {
  route(app, endpoints.update, async (request) => {
    await profile.update(request.principal!, request.body);
    return { ok: true as const };
  });

  route(app, endpoints.phoneCode, async (request) => {
    await profile.sendPhoneCode(request.principal!, request.body.phone);
    return { code: 'PHONE_CODE_SENT', message: MESSAGES.PHONE_CODE_SENT };
  });

  route(app, endpoints.changePassword, async (request) => {
    await profile.changePassword(request.principal!, request.body);
    return { ok: true as const };
  });

  uploadRoutes(app, (uploads) => {
    route(
      uploads,
      endpoints.avatar,
      async (request) => ({
        avatarUrl: await profile.setAvatar(request.principal!, await readPicture(await request.file())),
      }),
      { schema: { consumes: ['multipart/form-data'] } },
    );
  });
}
