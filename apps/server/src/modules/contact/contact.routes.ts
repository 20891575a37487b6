import { siteEndpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { ContactService } from './contact.service';

/** POST /api/contact: the public contact form. Limited per address (CONTACT_LIMITS) so it cannot spam the inbox. */
export function contactRoutes(app: TypedApp, contact: ContactService): void {
  route(app, siteEndpoints.contact, (request) => {
    const language = request.headers['accept-language']?.split(',')[0]?.slice(0, 20) ?? null;
    return contact.send(request.body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      language,
    });
  });
}
