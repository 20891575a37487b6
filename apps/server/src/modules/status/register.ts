import type { Config } from '../../config/config';
import type { FaultSwitchGateway } from '../../drivers/sms/fault-switch';
import type { TypedApp } from '../../lib/typed-app';
import { statusRoutes } from './status.routes';
import type { StatusService } from './status.service';

/**
 * The status page's routes, and its figures taken every STATUS_SNAPSHOT_MS whether anyone looks
 * or not: each run records the day's states and writes the snapshot the page falls back on.
 */
export function registerStatus(
  app: TypedApp,
  deps: { status: StatusService; config: Config; smsFaults: FaultSwitchGateway | undefined },
): void {
  statusRoutes(app, deps);
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void deps.status.take(), deps.config.operations.statusSnapshotMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
