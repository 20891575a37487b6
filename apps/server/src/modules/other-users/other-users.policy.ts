import type { AccountScope } from '../access/access.policy';
import { requireDeviceManager } from '../attendance-devices/attendance-devices.policy';

// Who keeps the account's other users and reads their entry/exit log: the owner and admins, the
// people who manage the gate's devices. An access code opens the gate for the whole institution,
// so teacher assistants are refused whatever their grants.

export function requireGateManager(scope: AccountScope): void {
  requireDeviceManager(scope);
}
