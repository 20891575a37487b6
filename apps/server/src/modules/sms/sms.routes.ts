import { smsEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { SmsAccountService } from './sms-account.service';
import type { SmsComposeService } from './sms-compose.service';
import type { SmsHistoryService } from './sms-history.service';
import type { SmsReportsService } from './sms-reports.service';
import type { SmsWelcomeService } from './sms-welcome.service';

export function smsRoutes(
  app: TypedApp,
  services: {
    compose: SmsComposeService;
    history: SmsHistoryService;
    account: SmsAccountService;
    welcome: SmsWelcomeService;
    reports: SmsReportsService;
  },
): void {
  const { compose, history, account, welcome, reports } = services;
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
  route(app, endpoints.smsEditScheduled, (request) =>
    history.editScheduled(request.principal!, request.params.accountId, request.params.sendId, request.body),
  );
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
  // The gateway's server calls it, with no cookie and no browser: its secret is the credential.
  route(app, endpoints.smsDeliveryReports, (request) => reports.receive(request.query.token, request.body), {
    config: { csrf: false },
  });
  route(app, endpoints.smsTopUp, (request) => account.topUp(request.principal!, request.body));
}
