import { faceEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { caller, kioskConfig } from '../attendance/kiosk.routes';
import type { KioskService } from '../attendance/kiosk.service';
import type { FacesService } from './faces.service';

/** Face registration: the teacher's link and controls, the public page, the kiosk's download. */
export function facesRoutes(app: TypedApp, faces: FacesService, kiosk: KioskService): void {
  route(app, endpoints.link, (r) => faces.link(r.principal!, r.params.accountId, r.params.studentId));
  route(app, endpoints.status, (r) => faces.status(r.principal!, r.params.accountId, r.params.studentId));
  route(app, endpoints.remove, (r) => faces.remove(r.principal!, r.params.accountId, r.params.studentId));
  route(app, endpoints.settings, (r) => faces.settings(r.principal!, r.params.accountId));
  route(app, endpoints.updateSettings, (r) => faces.updateSettings(r.principal!, r.params.accountId, r.body));
  route(app, endpoints.publicInfo, (r) => faces.publicInfo(r.query.key, r.query.suid));
  // Descriptors are small (5 × 128 numbers); a kept photo is a 256 px JPEG at most.
  route(app, endpoints.publicSave, (r) => faces.publicSave(r.body), { bodyLimit: 1_000_000 });
  route(app, endpoints.kioskFaces, async (r) => faces.kioskFaces(await kiosk.accountOf(caller(r))), {
    config: kioskConfig,
  });
}
