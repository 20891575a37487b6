import { MESSAGES } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/test-deps';
import { browserRecording } from '../../test/video-clips';
import { useWorld } from '../../test/world';
import { sendChunk } from './educast-recording';

// Watching by join code (educast-family.service.ts): the student of a classroom the course is
// attached to, and their parent, open a published EduCast by its code and list the ones they may
// watch; a code still being prepared, unknown, of another institution or of a course outside the
// child's classrooms reads as such, and a blocked student is refused as by the private course.

describe.each(DIALECTS)('EduCast join codes [%s]', (dialect) => {
  const ctx = useWorld(dialect);

  async function published(side: 'A' | 'B', classroomIds: string[], drain = true) {
    const actor = side === 'A' ? 'teacherA' : 'teacherB';
    const teacher = await ctx.world.client(actor);
    const account = `/api/accounts/${ctx.world.accounts[side]}`;
    const course = (
      await teacher.post(`${account}/video-courses`, {
        title: `Chemistry ${side}`,
        chapters: [{ title: 'Atoms', videoIds: [] }],
        classroomIds,
      })
    ).json();
    const { id } = (await teacher.post(`${account}/educasts`, { source: 'camera', title: 'Bonds' })).json();
    const base = `${account}/educasts/${id}`;
    await sendChunk(teacher, base, 0, 3000, browserRecording(3));
    await teacher.post(`${base}/finish`);
    const { code } = (
      await teacher.post(`${base}/publish`, { courseId: course.id, chapterId: course.chapters[0].id })
    ).json();
    if (drain) await ctx.deps.createWorker().drain();
    return code as string;
  }

  const join = async (actor: 'studentA' | 'parentA', code: string) =>
    (await ctx.world.client(actor)).post(`/api/portal/students/${ctx.world.students.A}/educasts/join`, {
      code,
    });

  it('lets the student and the parent watch by code, and lists it for them', async () => {
    const code = await published('A', [ctx.world.classrooms.A]);
    const watched = await join('studentA', code.toLowerCase());
    expect(watched.statusCode).toBe(200);
    expect(watched.json()).toMatchObject({ title: 'Bonds', durationMs: 3000 });
    expect(watched.json().play.playlistUrl).toMatch(/^\/media\/video\/.+\/master\.m3u8$/);
    expect((await join('parentA', code)).statusCode).toBe(200);

    const student = await ctx.world.client('studentA');
    const listed = await student.get(`/api/portal/students/${ctx.world.students.A}/educasts`);
    expect(listed.json().educasts).toEqual([
      expect.objectContaining({ code, title: 'Bonds', courseTitle: 'Chemistry A' }),
    ]);
  }, 60_000);

  it('says when a code is unknown, still being prepared, or not for this child', async () => {
    const unknown = await join('studentA', 'ZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({
      code: 'EDUCAST_CODE_UNKNOWN',
      message: MESSAGES.EDUCAST_CODE_UNKNOWN,
    });

    const preparing = await published('A', [ctx.world.classrooms.A], false);
    const early = await join('studentA', preparing);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('EDUCAST_NOT_PUBLISHED');
    await ctx.deps.createWorker().drain();

    // A course attached to no classroom of the child, and a code of another institution.
    const elsewhere = await published('A', []);
    expect((await join('studentA', elsewhere)).json().error.code).toBe('EDUCAST_CODE_UNKNOWN');
    const otherAccount = await published('B', [ctx.world.classrooms.B]);
    expect((await join('studentA', otherAccount)).json().error.code).toBe('EDUCAST_CODE_UNKNOWN');
  }, 60_000);

  it('refuses a student whose videos the teacher turned off', async () => {
    const code = await published('A', [ctx.world.classrooms.A]);
    const teacher = await ctx.world.client('teacherA');
    await teacher.put(
      `/api/accounts/${ctx.world.accounts.A}/students/${ctx.world.students.A}/video-permission`,
      {
        allowed: false,
      },
    );
    const refused = await join('studentA', code);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('VIDEO_NOT_ALLOWED');
    const listed = await (await ctx.world.client('studentA')).get(
      `/api/portal/students/${ctx.world.students.A}/educasts`,
    );
    expect(listed.json().educasts).toEqual([]);
    await teacher.put(
      `/api/accounts/${ctx.world.accounts.A}/students/${ctx.world.students.A}/video-permission`,
      {
        allowed: true,
      },
    );
  }, 60_000);
});
