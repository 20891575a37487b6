import { statusEndpoints as endpoints, interfaceLanguageOf } from '@batchwise/domain';
import { z } from 'zod';
import type { Config } from '../../config/config';
import type { FaultSwitchGateway } from '../../drivers/sms/fault-switch';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { PageHtml } from '../public-site/page-html';
import { LANGUAGE_COOKIE } from '../public-site/public-pages';
import type { StatusService } from './status.service';
import { statusFontFaces } from './status-fonts';
import { renderStatusPage, type StatusLanguage, type StatusTexts } from './status-page';

/**
 * The public status page (served by the server alone, no app bundle, so it answers when the app
 * or the database does not), its data as JSON, and the incidents staff post on it.
 */
export function statusRoutes(
  app: TypedApp,
  deps: { status: StatusService; config: Config; smsFaults: FaultSwitchGateway | undefined },
): void {
  const { status, config, smsFaults } = deps;
  const files = new PageHtml(config.webDist);
  const textsOf = async (language: StatusLanguage): Promise<StatusTexts> => {
    const json = await files.file(`Locales/${language}/status.json`).catch(() => undefined);
    return json ? (JSON.parse(json) as StatusTexts) : {};
  };

  // Read once per process: the build's font files change only with a new build (and a restart).
  let fonts: Promise<string> | undefined;
  const fontFaces = () => {
    fonts ??= statusFontFaces(config.webDist);
    return fonts;
  };

  route(app, endpoints.snapshot, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return status.snapshot();
  });
  route(app, endpoints.incidents, () => status.listIncidents());
  route(app, endpoints.createIncident, (request) =>
    status.createIncident(request.body, request.principal!.user.id),
  );
  route(app, endpoints.updateIncident, (request) =>
    status.addUpdate(request.params.incidentId, request.body, request.principal!.user.id),
  );

  if (smsFaults)
    route(app, endpoints.smsFaults, (request) => {
      smsFaults.setFailing(request.body.failNumbers);
      return { ok: true as const };
    });

  const querystring = z.object({ lng: z.string().max(10).optional() }).passthrough();
  for (const url of ['/server-status/', '/server-status']) {
    app.get(
      url,
      { config: { access: 'public' }, schema: { hide: true, querystring } },
      async (request, reply) => {
        const asked = request.query.lng ?? request.cookies[LANGUAGE_COOKIE];
        const language: StatusLanguage = interfaceLanguageOf(asked) ?? 'en';
        const [snapshot, texts, english, faces] = await Promise.all([
          status.snapshot(),
          textsOf(language),
          textsOf('en'),
          fontFaces(),
        ]);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'Cookie')
          .send(renderStatusPage(snapshot, language, texts, english, config.appUrl, faces));
      },
    );
  }
}
