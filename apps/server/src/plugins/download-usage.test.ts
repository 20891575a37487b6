import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { signUp } from '../test/factories';
import { freshDatabase, type TestDatabase, type TestDeps, testDeps } from '../test/test-deps';

describe('download usage', () => {
  let database: TestDatabase;
  let deps: TestDeps;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    deps = await testDeps(database);
    app = await buildApp(deps);
    app.get(
      '/api/accounts/:accountId/test-export',
      { config: { access: 'signed-in', download: true } },
      async () => 'a,b\n1,2\n',
    );
    app.get('/api/accounts/:accountId/test-plain', { config: { access: 'signed-in' } }, async () => 'x');
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await deps.close();
    await database.drop();
  });

  it('logs the size of each download per account and user, and nothing for other routes', async () => {
    const teacher = await signUp(app, deps);
    await teacher.client.get(`/api/accounts/${teacher.accountId}/test-export`);
    await teacher.client.get(`/api/accounts/${teacher.accountId}/test-plain`);
    const rows = await deps.db.kysely.selectFrom('download_usage').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        account_id: teacher.accountId,
        user_id: teacher.userId,
        route: '/api/accounts/:accountId/test-export',
        bytes: 8,
      }),
    ]);
  });
});
