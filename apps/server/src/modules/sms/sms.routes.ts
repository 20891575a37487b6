import { smsEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { SmsAccountService } from './sms-account.service';
import type { SmsComposeService } from './sms-compose.service';
import type { SmsHistoryService } from './sms-history.service';
import type { SmsWelcomeService } from './sms-welcome.service';

export function smsRoutes(
  app: TypedApp,
  services: {
    compose: SmsComposeService;
    history: SmsHistoryService;
    account: SmsAccountService;
    welcome: SmsWelcomeService;
  },
): void {
  const { compose, history, account, welcome } = services;
  route(app, endpoints.smsPreview, (request) =>
    compose.preview(request.principal!, request.params.accountId, request.body),
  );
  route(app, endpoints.smsSend, (request) =>
    compose.send(request.principal!, request.params.accountId, request.body),
  );
  route(app, endpoints.smsHistory, (request) =>
    history.history(request.principal!, request.params.accountId, request.query),
  );
  route(app, endpoints.smsSendDetail, (request) =>
    history.detail(request.principal!, request.params.accountId, request.params.sendId),
  );
  route(app, endpoints.smsCancel, async (request) => {
    await history.cancel(request.principal!, request.params.accountId, request.params.sendId);
    return { ok: true as const };
  });
  route(app, endpoints.smsResendFailed, (request) =>
    history.resendFailed(request.principal!, request.params.accountId, request.params.sendId),
  );
  route(app, endpoints.smsQuota, (request) => account.quota(request.principal!, request.params.accountId));
  route(app, endpoints.welcomeSms, (request) =>
    welcome.settings(request.principal!, request.params.accountId),
  );
  route(app, endpoints.saveWelcomeSms, (request) =>
    welcome.save(request.principal!, request.params.accountId, request.body),
  );
  route(app, endpoints.smsTopUp, (request) => account.topUp(request.principal!, request.body));
}
