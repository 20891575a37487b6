import { describe, expect, it } from 'vitest';
import { multipartFile } from '../../test/http';
import { smsQuotaOf } from '../../test/school';
import { DIALECTS } from '../../test/test-deps';
import { useWorld } from '../../test/world';

// The classroom wall (wall.policy.ts): staff who see a classroom post to it, students of the
// classroom comment from the portal unless comments are off, parents read, nobody else sees
// anything; an announcement goes out as SMS once, charged once.

describe.each(DIALECTS)('classroom wall [%s]', (dialect) => {
  const ctx = useWorld(dialect);
  const wallOf = (side: 'A' | 'B') =>
    `/api/accounts/${ctx.world.accounts[side]}/classrooms/${ctx.world.classrooms[side]}/wall`;
  const posts = (side: 'A' | 'B') => `/api/accounts/${ctx.world.accounts[side]}/wall`;
  const familyWall = (side: 'A' | 'B' = 'A') => `/api/portal/students/${ctx.world.students[side]}/wall`;

  const post = async (body: Record<string, unknown> = {}) => {
    const teacher = await ctx.world.client('teacherA');
    const res = await teacher.post(posts('A'), {
      text: 'Class test on Sunday',
      classroomIds: [ctx.world.classrooms.A],
      ...body,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; commentsOn: boolean; pinned: boolean };
  };

  it('posts a pinned announcement with a file that the student and the parent read, pinned first', async () => {
    const teacher = await ctx.world.client('teacherA');
    const file = await multipartFile(
      'file',
      'routine.pdf',
      'application/pdf',
      Buffer.from('%PDF-1.4\n%%EOF\n'),
    );
    const upload = await teacher.request({ method: 'POST', url: `${posts('A')}/attachments`, ...file });
    expect(upload.statusCode).toBe(201);
    expect(upload.json()).toMatchObject({ name: 'routine.pdf', type: 'pdf' });
    await post({ text: 'An older note' });
    const pinned = await post({ text: 'Exam routine', pinned: true, attachments: [upload.json()] });
    await post({ text: 'A newer note' });

    for (const actor of ['studentA', 'parentA'] as const) {
      const wall = (await (await ctx.world.client(actor)).get(familyWall())).json();
      expect(wall.items[0]).toMatchObject({ id: pinned.id, pinned: true, attachments: [upload.json()] });
      expect(wall.items[0].canComment).toBe(actor === 'studentA');
      expect(wall.items[1].text).toBe('A newer note');
    }
    const staff = (await teacher.get(wallOf('A'))).json();
    expect(staff.items[0].id).toBe(pinned.id);
    expect((await ctx.app.inject({ method: 'GET', url: upload.json().url })).statusCode).toBe(200);

    const unknown = await teacher.post(posts('A'), {
      text: 'x',
      classroomIds: [ctx.world.classrooms.A],
      attachments: [{ ...upload.json(), url: '/media/attachments/01J0000000000000000000000A.pdf' }],
    });
    expect(unknown.json().error.code).toBe('WALL_ATTACHMENT_UNKNOWN');
  });

  it('lets the student comment, the student remove their own, and the teacher remove any', async () => {
    const { id } = await post();
    const student = await ctx.world.client('studentA');
    const commented = await student.post(`${familyWall()}/${id}/comments`, { text: 'Which chapters?' });
    expect(commented.statusCode).toBe(201);
    expect(commented.json()).toMatchObject({ text: 'Which chapters?', authorName: 'Student A', mine: true });
    const again = (await student.post(`${familyWall()}/${id}/comments`, { text: 'Thanks' })).json();

    const teacher = await ctx.world.client('teacherA');
    const removed = await teacher.delete(`${posts('A')}/${id}/comments/${commented.json().id}`);
    expect(removed.statusCode).toBe(200);
    const own = await student.delete(`${familyWall()}/${id}/comments/${again.id}`);
    expect(own.statusCode).toBe(200);
    const wall = (await teacher.get(wallOf('A'))).json();
    expect(wall.items.find((p: { id: string }) => p.id === id).comments).toEqual([]);
  });

  it('refuses comments the teacher turned off, and any comment from a parent', async () => {
    const { id } = await post({ commentsOn: false });
    const student = await ctx.world.client('studentA');
    const off = await student.post(`${familyWall()}/${id}/comments`, { text: 'Hello' });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.code).toBe('WALL_COMMENTS_OFF');

    const open = await post();
    const parent = await ctx.world.client('parentA');
    const refused = await parent.post(`${familyWall()}/${open.id}/comments`, { text: 'Hello' });
    expect(refused.statusCode).toBe(403);

    const teacher = await ctx.world.client('teacherA');
    const turned = await teacher.request({
      method: 'PATCH',
      url: `${posts('A')}/${id}`,
      payload: { commentsOn: true, pinned: true },
    });
    expect(turned.json()).toMatchObject({ commentsOn: true, pinned: true });
    expect((await student.post(`${familyWall()}/${id}/comments`, { text: 'Hello' })).statusCode).toBe(201);
  });

  it("keeps each wall to its own classroom's students and its own tenant", async () => {
    const teacherB = await ctx.world.client('teacherB');
    const ofB = await teacherB.post(posts('B'), { text: 'B only', classroomIds: [ctx.world.classrooms.B] });
    expect(ofB.statusCode).toBe(201);
    const student = await ctx.world.client('studentA');
    // Another classroom's post, named through the student's own child: not found.
    const other = await student.post(`${familyWall()}/${ofB.json().id}/comments`, { text: 'Hi' });
    expect(other.statusCode).toBe(404);
    expect((await student.get(familyWall('B'))).statusCode).toBe(404);
    const mine = (await student.get(familyWall())).json();
    expect(mine.items.map((p: { text: string }) => p.text)).not.toContain('B only');

    const teacherA = await ctx.world.client('teacherA');
    expect((await teacherA.get(wallOf('B'))).statusCode).toBe(404);
    const cross = await teacherA.post(posts('A'), { text: 'x', classroomIds: [ctx.world.classrooms.B] });
    expect(cross.statusCode).toBe(404);
    expect((await teacherA.delete(`${posts('B')}/${ofB.json().id}`)).statusCode).toBe(404);
    expect((await teacherA.delete(`${posts('A')}/${ofB.json().id}`)).statusCode).toBe(404);
  });

  it('sends an announcement as SMS once, charged once, after a preview of its cost', async () => {
    const { id } = await post({ text: 'No class tomorrow' });
    const teacher = await ctx.world.client('teacherA');
    const accountId = ctx.world.accounts.A;
    const before = await smsQuotaOf(ctx.deps, accountId);
    const preview = await teacher.post(`${posts('A')}/${id}/sms/preview`, {
      to: { student: true, parent1: true },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ recipients: 2, parts: 2, quotaMessage: null });
    expect(await smsQuotaOf(ctx.deps, accountId)).toBe(before);

    const sent = await teacher.post(`${posts('A')}/${id}/sms`, { to: { student: true, parent1: true } });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ recipients: 2, parts: 2 });
    expect(await smsQuotaOf(ctx.deps, accountId)).toBe(before - 2);

    const twice = await teacher.post(`${posts('A')}/${id}/sms`, { to: { student: true } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('WALL_SMS_ALREADY_SENT');
    expect(await smsQuotaOf(ctx.deps, accountId)).toBe(before - 2);
    const wall = (await teacher.get(wallOf('A'))).json();
    expect(wall.items.find((p: { id: string }) => p.id === id).smsSentAt).toEqual(expect.any(Number));

    // An assistant without the SMS permission is refused by the SMS rules, and nothing is claimed.
    const other = await post({ text: 'Bring calculators' });
    const viewer = await ctx.world.client('assistantViewer');
    const refused = await viewer.post(`${posts('A')}/${other.id}/sms`, { to: { student: true } });
    expect(refused.statusCode).toBe(403);
    expect((await teacher.post(`${posts('A')}/${other.id}/sms`, {})).statusCode).toBe(201);
  });

  it('deletes an announcement with its comments, and pages long walls', async () => {
    const teacher = await ctx.world.client('teacherA');
    const { id } = await post({ text: 'To delete' });
    expect((await teacher.delete(`${posts('A')}/${id}`)).statusCode).toBe(200);
    expect((await teacher.delete(`${posts('A')}/${id}`)).statusCode).toBe(404);
    for (let i = 0; i < 11; i++) await post({ text: `Note ${i}` });
    const first = (await teacher.get(wallOf('A'))).json();
    expect(first.items).toHaveLength(10);
    const last = Math.ceil(first.total / first.pageSize);
    const end = (await teacher.get(`${wallOf('A')}?page=${last}`)).json();
    expect(end.items.length).toBe(first.total - (last - 1) * 10);
  });
});
