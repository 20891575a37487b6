import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { TestClient } from '../../test/http';
import { newStaffClient } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { MaintenanceService } from './maintenance.service';

describe.each(DIALECTS)('maintenance mode [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('refuses writes by everyone but staff with 503, its code, message and Retry-After; reads and sign-in go on', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const staff = await newStaffClient(ctx.app, ctx.deps);
    expect((await t.client.put('/api/staff/maintenance', { on: true, message: 'x' })).statusCode).toBe(403);
    const empty = await staff.client.put('/api/staff/maintenance', { on: true, message: ' ' });
    expect(empty.json().error.code).toBe('MAINTENANCE_MESSAGE_REQUIRED');
    const on = await staff.client.put('/api/staff/maintenance', {
      on: true,
      message: 'Database upgrade until 2 am',
    });
    expect(on.json()).toMatchObject({ on: true, message: 'Database upgrade until 2 am' });
    try {
      const write = await t.client.put(`/api/accounts/${t.accountId}/institution`, {
        institution: 'New name',
        accountType: 'Default',
        currency: 'BDT',
        manageMultiBranches: false,
      });
      expect(write.statusCode).toBe(503);
      expect(write.headers['retry-after']).toBe('300');
      expect(write.json().error).toMatchObject({
        code: 'UNDER_MAINTENANCE',
        message:
          'Batchwise is under maintenance: Database upgrade until 2 am. Please try again in a few minutes.',
        params: { message: 'Database upgrade until 2 am' },
      });
      // Reads, the public status, the notices and signing in keep working.
      expect((await t.client.get(`/api/accounts/${t.accountId}/summary`)).statusCode).toBe(200);
      const { notices } = (await t.client.get('/api/session')).json();
      expect(notices.maintenance).toMatchObject({ on: true, message: 'Database upgrade until 2 am' });
      expect((await new TestClient(ctx.app).get('/api/maintenance')).json().on).toBe(true);
      const again = new TestClient(ctx.app);
      const signIn = await again.post('/api/auth/sign-in', {
        email: t.input.email,
        password: t.input.password,
      });
      expect(signIn.statusCode).toBe(200);
      // Another process (its own service over the same database) sees the switch.
      const elsewhere = new MaintenanceService(ctx.deps);
      expect((await elsewhere.current()).on).toBe(true);
    } finally {
      // Staff still write: they switch it off.
      const off = await staff.client.put('/api/staff/maintenance', { on: false });
      expect(off.json()).toEqual({ on: false, message: null, since: null });
    }
    const after = await t.client.put(`/api/accounts/${t.accountId}/institution`, {
      institution: 'New name',
      accountType: 'Default',
      currency: 'BDT',
      manageMultiBranches: false,
    });
    expect(after.statusCode).toBe(200);
  });
});
