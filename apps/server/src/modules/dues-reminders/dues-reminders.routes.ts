import { duesReminderEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { DuesRemindersService } from './dues-reminders.service';

/** Dues reminders by SMS; who may call is in dues-reminders.policy.ts. */
export function duesReminderRoutes(app: TypedApp, reminders: DuesRemindersService): void {
  route(app, endpoints.duesReminderPreview, (r) =>
    reminders.preview(r.principal!, r.params.accountId, r.body),
  );
  route(app, endpoints.duesReminderSend, (r) => reminders.send(r.principal!, r.params.accountId, r.body));
  route(app, endpoints.duesReminderSettings, (r) => reminders.settings(r.principal!, r.params.accountId));
  route(app, endpoints.saveDuesReminderSettings, (r) =>
    reminders.saveSettings(r.principal!, r.params.accountId, r.body),
  );
}
