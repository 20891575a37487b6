import { randomUUID } from 'node:crypto';
import {
  DEVICE_KEY_HEADER,
  FACE_DESCRIPTOR_LENGTH,
  FACE_MODEL,
  FACE_THRESHOLD_DEFAULT,
  STUDENT_QR_PREFIX,
} from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { TestClient } from '../../test/http';
import { tampered } from '../../test/tamper';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { classroomWithStudents, insertKiosk } from '../attendance/attendance-fixture';
import { SecretBox } from '../online-pay/secret-box';
import { StudentRowsRepository } from '../students/student-rows.repository';

// Face registration through the real app on both databases: the teacher's link, the public page's
// descriptors sealed at rest, the kiosk's download scoped to its account, face punches with
// their distance, and deletion by the teacher or with the student.

const descriptor = (seed: number) =>
  Array.from({ length: FACE_DESCRIPTOR_LENGTH }, (_, i) => Math.round(Math.sin(seed + i) * 1000) / 10_000);

describe.each(DIALECTS)('faces [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  const anon = () => new TestClient(ctx.app);

  async function school() {
    const teacher = await signUp(ctx.app, ctx.deps);
    const room = await classroomWithStudents(ctx.deps, teacher.accountId, [], [{ name: 'Rafi Islam' }]);
    const studentId = room.studentIds[0]!;
    const kiosk = await insertKiosk(ctx.deps, teacher.accountId, { name: 'Front gate' });
    const base = `/api/accounts/${teacher.accountId}`;
    const studentBase = `${base}/students/${studentId}`;
    const device = new TestClient(ctx.app);
    const kioskFaces = (key = kiosk.key) =>
      device.request({ method: 'GET', url: '/api/kiosk/faces', headers: { [DEVICE_KEY_HEADER]: key } });
    const link = async () => {
      const res = await teacher.client.post(`${studentBase}/face-link`);
      expect(res.statusCode, res.body).toBe(201);
      const url = new URL(res.json().url);
      expect(url.pathname).toBe('/create-face-recog-print');
      return { key: url.searchParams.get('key')!, suid: url.searchParams.get('suid')! };
    };
    const register = (l: { key: string; suid: string }, seeds = [1, 2, 3]) =>
      anon().put('/api/public/face-print', {
        ...l,
        model: FACE_MODEL,
        liveness: 'blink',
        descriptors: seeds.map(descriptor),
      });
    return { teacher, studentId, kiosk, base, studentBase, kioskFaces, link, register, device };
  }

  it('registers by link, seals the descriptors at rest, and the kiosk downloads them', async () => {
    const s = await school();
    const l = await s.link();
    expect(l.suid).toBe(s.studentId);
    const info = await anon().get(`/api/public/face-print?key=${l.key}&suid=${l.suid}`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ name: 'Rafi Islam', keepPhoto: false, registered: false });

    const saved = await s.register(l);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().code).toBe('FACE_PRINT_SAVED');

    const row = await ctx.deps.db.kysely
      .selectFrom('face_prints')
      .selectAll()
      .where('student_id', '=', s.studentId)
      .executeTakeFirstOrThrow();
    // Nothing of the numbers is readable in the database; the installation's key opens them, for
    // this account only.
    expect(row.sealed).toMatch(/^v1\./);
    expect(row.sealed).not.toContain(String(descriptor(1)[5]));
    const box = new SecretBox(ctx.deps.config.payments.secretsKey);
    expect(box.open(row.sealed, s.teacher.accountId)).toEqual([1, 2, 3].map(descriptor));
    expect(box.open(row.sealed, 'another-account')).toBeUndefined();

    const status = await s.teacher.client.get(`${s.studentBase}/face-print`);
    expect(status.json()).toMatchObject({ registered: true, angles: 3, liveness: 'blink' });

    const faces = await s.kioskFaces();
    expect(faces.statusCode, faces.body).toBe(200);
    expect(faces.json()).toMatchObject({ model: FACE_MODEL, threshold: FACE_THRESHOLD_DEFAULT });
    expect(faces.json().people).toEqual([
      { id: s.studentId, name: 'Rafi Islam', photoUrl: null, descriptors: [1, 2, 3].map(descriptor) },
    ]);

    // Registering again replaces the print, and the kiosk sees a new version.
    const again = await s.register(l, [4, 5, 6, 7]);
    expect(again.statusCode, again.body).toBe(200);
    const refreshed = (await s.kioskFaces()).json();
    expect(refreshed.version).not.toBe(faces.json().version);
    expect(refreshed.people[0].descriptors).toEqual([4, 5, 6, 7].map(descriptor));
  });

  it('refuses a wrong key or student, and scopes faces to the account', async () => {
    const s = await school();
    const l = await s.link();
    for (const bad of [
      { ...l, key: tampered(l.key) },
      { ...l, suid: 'someone-else' },
    ]) {
      const res = await s.register(bad);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('FACE_LINK_INVALID');
    }
    const wrongShape = await anon().put('/api/public/face-print', {
      ...l,
      model: FACE_MODEL,
      liveness: 'blink',
      descriptors: [descriptor(1)],
    });
    expect(wrongShape.statusCode).toBe(400);
    expect((await s.register(l)).statusCode).toBe(200);

    // Another account: its kiosk sees none of these faces, its teacher not the student.
    const other = await school();
    expect((await other.kioskFaces()).json().people).toEqual([]);
    const peek = await other.teacher.client.get(`${s.studentBase}/face-print`);
    expect(peek.statusCode).toBe(404);
    const bad = await s.kioskFaces('not-a-key');
    expect(bad.statusCode).toBe(401);
  });

  it('records a face punch with its distance', async () => {
    const s = await school();
    const res = await s.device.request({
      method: 'POST',
      url: '/api/kiosk/punches',
      headers: { [DEVICE_KEY_HEADER]: s.kiosk.key },
      payload: {
        punches: [
          {
            clientId: randomUUID(),
            code: `${STUDENT_QR_PREFIX}${s.studentId}`,
            via: 'face',
            at: ctx.deps.clock.now(),
            distance: 0.312,
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results[0]).toMatchObject({ outcome: 'recorded', student: { name: 'Rafi Islam' } });
    const punch = await ctx.deps.db.kysely
      .selectFrom('attendance_punches')
      .select(['via', 'match_distance'])
      .where('student_id', '=', s.studentId)
      .executeTakeFirstOrThrow();
    expect(punch.via).toBe('face');
    expect(punch.match_distance).toBeCloseTo(0.312, 5);
  });

  it('tunes the threshold for the kiosks; only owners and admins', async () => {
    const s = await school();
    const before = (await s.kioskFaces()).json();
    const saved = await s.teacher.client.put(`${s.base}/face-settings`, { threshold: 0.42, keepPhoto: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ threshold: 0.42, keepPhoto: true });
    const after = (await s.kioskFaces()).json();
    expect(after.threshold).toBeCloseTo(0.42, 5);
    expect(after.version).not.toBe(before.version);
    const tooLoose = await s.teacher.client.put(`${s.base}/face-settings`, {
      threshold: 0.9,
      keepPhoto: true,
    });
    expect(tooLoose.statusCode).toBe(400);
  });

  it('deletes the registration for the teacher, and with the student', async () => {
    const s = await school();
    const l = await s.link();
    expect((await s.register(l)).statusCode).toBe(200);
    const removed = await s.teacher.client.delete(`${s.studentBase}/face-print`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await s.kioskFaces()).json().people).toEqual([]);
    expect((await s.teacher.client.get(`${s.studentBase}/face-print`)).json().registered).toBe(false);
    // The link went with it: registering again needs a new one.
    expect((await s.register(l)).statusCode).toBe(404);

    expect((await s.register(await s.link())).statusCode).toBe(200);
    await new StudentRowsRepository(ctx.deps.db.kysely).deleteStudent(s.studentId);
    const left = await ctx.deps.db.kysely.selectFrom('face_prints').select('student_id').execute();
    expect(left.map((r) => r.student_id)).not.toContain(s.studentId);
  });
});
