import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { signUp } from '../../test/factories';
import { TestClient } from '../../test/http';
import { newStaffClient } from '../../test/school';
import { DIALECTS, freshDatabase, type TestDatabase, testApp } from '../../test/test-deps';
import { insertWebhookEndpoint } from '../../test/webhook-endpoints';

type App = Awaited<ReturnType<typeof testApp>>;

// Two servers on one database, as in production with several processes (or the worker beside
// the server). What one of them keeps between requests (sessions, access; lib/stamped-cache.ts)
// must never outlive a change the other one made: revocation is at once, everywhere.
// "At once" is the next request: one that arrives over the network after the other server's
// commit is read in a later turn of the event loop, which takes that commit in
// (db/change-tracker.ts); `nextTurn` stands for that arrival, as the two servers share a process.
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe.each(DIALECTS)('two servers on one %s database', (dialect) => {
  let database: TestDatabase;
  let one: App;
  let two: App;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    one = await testApp(database);
    two = await testApp(database);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.drop();
  });

  it('a sign-out on one server ends the session on the other at once', async () => {
    const { client } = await signUp(one.app, one.deps);
    expect((await client.get('/api/session')).statusCode).toBe(200);
    expect((await client.get('/api/session')).statusCode).toBe(200);

    expect((await new TestClient(two.app, client.cookie).post('/api/auth/sign-out')).statusCode).toBe(200);
    await nextTurn();
    expect((await client.get('/api/session')).json()).toBeNull();
  });

  it('a user disabled through the other server is refused at once', async () => {
    const { client, userId } = await signUp(one.app, one.deps);
    expect((await client.get('/api/session')).statusCode).toBe(200);

    await two.deps.db.kysely
      .updateTable('users')
      .set({ disabled_at: Date.now() })
      .where('id', '=', userId)
      .execute();
    await nextTurn();
    expect((await client.get('/api/session')).json()).toBeNull();
  });

  it('a grant given and taken away on the other server changes what the assistant reaches at once', async () => {
    const teacher = await signUp(one.app, one.deps);
    // Accepting an invitation makes a user an assistant (teams.service.ts); here the other server does it.
    const assistant = await signUp(one.app, one.deps);
    const list = `/api/accounts/${teacher.accountId}/students`;
    expect((await assistant.client.get(list)).statusCode).toBe(404);
    await two.deps.db.kysely
      .updateTable('users')
      .set({ profession: 'TeacherAssistant' })
      .where('id', '=', assistant.userId)
      .execute();
    await nextTurn();
    expect((await assistant.client.get(list)).statusCode).toBe(404);

    const grantId = newId(Date.now());
    await two.deps.db.kysely
      .insertInto('moderators')
      .values({
        id: grantId,
        account_id: teacher.accountId,
        user_id: assistant.userId,
        classroom_id: null,
        status: 'accepted',
        manage_students: 1,
        modify_custom_id: 0,
        send_sms: 0,
        blocked: 0,
        created_at: Date.now(),
        accepted_at: Date.now(),
      })
      .execute();
    await nextTurn();
    expect((await assistant.client.get(list)).statusCode).toBe(200);
    expect((await assistant.client.get(list)).statusCode).toBe(200);

    await two.deps.db.kysely.deleteFrom('moderators').where('id', '=', grantId).execute();
    await nextTurn();
    expect((await assistant.client.get(list)).statusCode).toBe(404);
  });

  it('every session of a user ended on the other server (a password change) is refused here at once', async () => {
    const { client, userId, accountId } = await signUp(one.app, one.deps);
    expect((await client.get('/api/session')).statusCode).toBe(200);
    expect((await client.get(`/api/accounts/${accountId}/classrooms`)).statusCode).toBe(200);

    await two.deps.sessions.revokeAllForUser(userId);
    await nextTurn();
    expect((await client.get('/api/session')).json()).toBeNull();
    expect((await client.get(`/api/accounts/${accountId}/classrooms`)).statusCode).toBe(401);
  });

  it('a staff role taken away on the other server closes the staff console here at once', async () => {
    const { client, userId, input } = await signUp(one.app, one.deps);
    const staffConsole = `/api/staff/accounts?q=${encodeURIComponent(input.email)}`;
    const setStaff = (isStaff: number) =>
      two.deps.db.kysely.updateTable('users').set({ is_staff: isStaff }).where('id', '=', userId).execute();
    await setStaff(1);
    await nextTurn();
    expect((await client.get(staffConsole)).statusCode).toBe(200);
    expect((await client.get(staffConsole)).statusCode).toBe(200);

    await setStaff(0);
    await nextTurn();
    expect((await client.get(staffConsole)).statusCode).toBe(403);
  });

  it('an assistant taken off one batch on the other server loses that batch here at once', async () => {
    const teacher = await signUp(one.app, one.deps);
    const assistant = await signUp(one.app, one.deps);
    const base = `/api/accounts/${teacher.accountId}`;
    const rooms: string[] = [];
    for (const subject of ['Physics', 'Chemistry']) {
      const room = await teacher.client.post(`${base}/classrooms`, {
        grade: 'Class 9',
        subject,
        name: 'Batch A',
      });
      expect(room.statusCode).toBe(200);
      rooms.push(room.json().id);
    }
    const db = two.deps.db.kysely;
    await db
      .updateTable('users')
      .set({ profession: 'TeacherAssistant' })
      .where('id', '=', assistant.userId)
      .execute();
    const grants = rooms.map((classroomId) => ({
      id: newId(Date.now()),
      account_id: teacher.accountId,
      user_id: assistant.userId,
      classroom_id: classroomId,
      status: 'accepted' as const,
      manage_students: 1,
      modify_custom_id: 0,
      send_sms: 0,
      blocked: 0,
      created_at: Date.now(),
      accepted_at: Date.now(),
    }));
    await db.insertInto('moderators').values(grants).execute();
    const seen = async () =>
      (await assistant.client.get(`${base}/classrooms`)).json().classrooms.map((c: { id: string }) => c.id);
    await nextTurn();
    expect((await seen()).sort()).toEqual([...rooms].sort());
    expect((await seen()).sort()).toEqual([...rooms].sort());

    await db.deleteFrom('moderators').where('id', '=', grants[0]!.id).execute();
    await nextTurn();
    expect(await seen()).toEqual([rooms[1]]);
    expect((await assistant.client.get(`${base}/classrooms/${rooms[0]}`)).statusCode).toBe(404);
  });

  it("a parent's phone taken off a student record on the other server ends the family's access here at once", async () => {
    const teacher = await signUp(one.app, one.deps);
    const phone = '+8801811112222';
    const record = { name: 'Nusrat Jahan', phone: '+8801712345678', institution: 'Dhaka College' };
    const added = await teacher.client.post(`/api/accounts/${teacher.accountId}/students`, {
      ...record,
      parent1Phone: phone,
    });
    expect(added.statusCode).toBe(200);
    const studentId: string = added.json().student.id;
    const now = Date.now();
    const parentId = newId(now);
    await one.deps.db.kysely
      .insertInto('users')
      .values({
        id: parentId,
        name: 'Parent',
        email: null,
        phone,
        password_hash: null,
        profession: 'Parent',
        is_staff: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const { token } = await one.deps.sessions.create(parentId, {});
    const parent = new TestClient(one.app, token);
    const children = async () =>
      (await parent.get('/api/portal/home')).json().children.map((c: { studentId: string }) => c.studentId);
    expect(await children()).toEqual([studentId]);
    expect(await children()).toEqual([studentId]);

    const other = new TestClient(two.app, teacher.client.cookie);
    const saved = await other.put(`/api/accounts/${teacher.accountId}/students/${studentId}`, {
      ...record,
      parent1Phone: '',
    });
    expect(saved.statusCode).toBe(200);
    await nextTurn();
    expect(await children()).toEqual([]);
    expect((await parent.get(`/api/portal/students/${studentId}/classes`)).statusCode).toBe(404);
  });

  it('abuse limits count the tries made on both servers together', async () => {
    const { input } = await signUp(one.app, one.deps);
    const from = (app: App, url: string, payload: object) =>
      new TestClient(app.app).request({ method: 'POST', url, payload, remoteAddress: '10.77.0.1' });
    const guesses: number[] = [];
    for (const server of [one, two, one, two]) {
      const res = await from(server, '/api/auth/sign-in', { email: input.email, password: 'wrong guess' });
      guesses.push(res.statusCode);
    }
    // Three wrong passwords are free per address and account, wherever they land; the fourth waits.
    expect(guesses).toEqual([401, 401, 401, 429]);

    const codes: number[] = [];
    for (const server of [two, one, two, one]) {
      codes.push((await from(server, '/api/auth/phone/code', { phone: input.phone })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('a student added on the other server shows in the list at once', async () => {
    const teacher = await signUp(one.app, one.deps);
    const list = `/api/accounts/${teacher.accountId}/students`;
    expect((await teacher.client.get(list)).json().total).toBe(0);

    const other = new TestClient(two.app, teacher.client.cookie);
    const added = await other.post(`/api/accounts/${teacher.accountId}/students`, {
      name: 'Nusrat Jahan',
      phone: '+8801712345678',
      institution: 'Dhaka College',
    });
    expect(added.statusCode).toBe(200);
    await nextTurn();
    const after = (await teacher.client.get(list)).json();
    expect(after.total).toBe(1);
    expect(after.items[0].name).toBe('Nusrat Jahan');
  });

  it('a webhook endpoint turned on and off on the other server gets the next student save made here, or not', async () => {
    const teacher = await signUp(one.app, one.deps);
    const student = (
      await teacher.client.post(`/api/accounts/${teacher.accountId}/students`, {
        name: 'Rafi Islam',
        phone: '+8801712345679',
        institution: 'Dhaka College',
      })
    ).json().student;
    const save = async (institution: string) => {
      const res = await teacher.client.put(`/api/accounts/${teacher.accountId}/students/${student.id}`, {
        name: 'Rafi Islam',
        phone: student.phone,
        institution,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const deliveries = async () =>
      (
        await one.deps.db.kysely
          .selectFrom('webhook_deliveries')
          .select('event_type')
          .where('account_id', '=', teacher.accountId)
          .execute()
      ).length;
    await save('Before'); // this server now keeps "no endpoints" for the account
    expect(await deliveries()).toBe(0);

    // Written through the other server's database handle, as a script or another process would.
    const endpoint = await insertWebhookEndpoint(two.deps.db.kysely, {
      accountId: teacher.accountId,
      url: 'https://crm.example.com/hooks',
      events: ['student.updated'],
      now: Date.now(),
    });
    await nextTurn();
    await save('During');
    expect(await deliveries()).toBe(1);

    await two.deps.db.kysely
      .updateTable('webhook_endpoints')
      .set({ enabled: 0 })
      .where('id', '=', endpoint)
      .execute();
    await nextTurn();
    await save('After');
    expect(await deliveries()).toBe(1);
  });

  it('an account suspended on the other server refuses the next write here, and takes writes again once lifted', async () => {
    const teacher = await signUp(one.app, one.deps);
    const staff = await newStaffClient(two.app, two.deps);
    const rename = (name: string) =>
      teacher.client.put(`/api/accounts/${teacher.accountId}/institution`, {
        institution: name,
        accountType: 'Default',
        currency: 'BDT',
        manageMultiBranches: false,
      });
    expect((await rename('Before')).statusCode).toBe(200);
    const suspension = `/api/staff/accounts/${teacher.accountId}/suspension`;
    expect((await staff.client.put(suspension, { suspended: true, reason: 'Spam SMS' })).statusCode).toBe(
      200,
    );
    await nextTurn();
    expect((await rename('During')).json().error.code).toBe('ACCOUNT_SUSPENDED');
    expect((await staff.client.put(suspension, { suspended: false, reason: 'Stopped' })).statusCode).toBe(
      200,
    );
    await nextTurn();
    expect((await rename('After')).statusCode).toBe(200);
  });
});
