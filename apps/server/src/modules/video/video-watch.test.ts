import { MESSAGES, VIDEO_STREAM_TTL_MS } from '@batchwise/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/test-deps';
import { clipUploads } from '../../test/video-clips';
import { useWorld } from '../../test/world';

// Who watches (video.policy.ts): students and parents of a classroom a course is attached to,
// while the student's VideoPermission is "Allowed"; the teacher blocks a student; another
// institution's people see nothing; the stream's files open only under a signed, unexpired
// address of that very video.

describe.each(DIALECTS)('watching lesson videos [%s]', (dialect) => {
  const ctx = useWorld(dialect, { claimUpload: clipUploads(() => ctx.deps.storage) });
  const accountPath = () => `/api/accounts/${ctx.world.accounts.A}`;
  const family = (side: 'A' | 'B' = 'A') => `/api/portal/students/${ctx.world.students[side]}`;
  let videoId = '';
  let courseId = '';

  beforeAll(async () => {
    const teacher = await ctx.world.client('teacherA');
    videoId = (await teacher.post(`${accountPath()}/videos`, { uploadId: 'clip-320x240-2s' })).json().id;
    await ctx.deps.createWorker().drain();
    const course = await teacher.post(`${accountPath()}/video-courses`, {
      title: 'Physics revision',
      chapters: [{ title: 'Motion', videoIds: [videoId] }],
      classroomIds: [ctx.world.classrooms.A],
    });
    expect(course.statusCode).toBe(201);
    courseId = course.json().id;
  }, 120_000);

  const play = async (actor: 'studentA' | 'parentA' = 'studentA') =>
    (await ctx.world.client(actor)).post(`${family()}/videos/${videoId}/play`);

  it('lets an allowed student play the course, resume where they left and the teacher see it', async () => {
    const student = await ctx.world.client('studentA');
    const courses = (await student.get(`${family()}/video-courses`)).json();
    expect(courses.allowed).toBe(true);
    expect(courses.courses[0]).toMatchObject({
      title: 'Physics revision',
      chapters: [{ title: 'Motion', videos: [{ id: videoId, positionMs: 0 }] }],
    });
    const res = await play();
    expect(res.statusCode).toBe(200);
    const { playlistUrl, posterUrl } = res.json();
    const master = await ctx.app.inject({ method: 'GET', url: playlistUrl });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const variant = new URL(master.body.trim().split('\n').at(-1)!, `http://x${playlistUrl}`).pathname;
    const playlist = await ctx.app.inject({ method: 'GET', url: variant });
    const segment = playlist.body.split('\n').find((l) => l.endsWith('.ts'))!;
    const bytes = await ctx.app.inject({
      method: 'GET',
      url: new URL(segment, `http://x${variant}`).pathname,
    });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('video/mp2t');
    expect((await ctx.app.inject({ method: 'GET', url: posterUrl })).headers['content-type']).toBe(
      'image/jpeg',
    );

    const saved = await student.put(`${family()}/videos/${videoId}/progress`, { positionMs: 1500 });
    expect(saved.statusCode).toBe(200);
    expect((await play()).json().positionMs).toBe(1500);
    const viewers = (
      await (await ctx.world.client('teacherA')).get(`${accountPath()}/video-courses/${courseId}/viewers`)
    ).json();
    const me = viewers.viewers.find((v: { studentId: string }) => v.studentId === ctx.world.students.A);
    expect(me.allowed).toBe(true);
    expect(me.progress[0]).toMatchObject({ videoId, positionMs: 1500 });
    expect(me.progress[0].percent).toBeGreaterThan(50);
  });

  it('refuses a forged, expired or borrowed stream address', async () => {
    const { playlistUrl } = (await play('parentA')).json() as { playlistUrl: string };
    const [, , , id, token] = playlistUrl.split('/');
    const [expires, signature] = token!.split('.');
    const forged = playlistUrl.replace(token!, `${Number(expires) + 3_600_000}.${signature}`);
    expect((await ctx.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const unsigned = playlistUrl.replace(token!, `${expires}.${'A'.repeat(signature!.length)}`);
    expect((await ctx.app.inject({ method: 'GET', url: unsigned })).statusCode).toBe(403);
    // Another video's id under this video's signature.
    const other = (
      await (
        await ctx.world.client('teacherA')
      ).post(`${accountPath()}/videos`, {
        uploadId: 'broken-2',
      })
    ).json().id as string;
    expect((await ctx.app.inject({ method: 'GET', url: playlistUrl.replace(id!, other) })).statusCode).toBe(
      403,
    );
    ctx.deps.clock.advance(VIDEO_STREAM_TTL_MS + 1000);
    try {
      expect((await ctx.app.inject({ method: 'GET', url: playlistUrl })).statusCode).toBe(403);
    } finally {
      ctx.deps.clock.release();
    }
  });

  it("hides the course from another institution's people and the teacher's from theirs", async () => {
    const outsider = await ctx.world.client('teacherB');
    expect((await outsider.post(`${accountPath()}/videos/${videoId}/play`)).statusCode).toBe(404);
    expect((await outsider.get(`${accountPath()}/video-courses/${courseId}/viewers`)).statusCode).toBe(404);
    const student = await ctx.world.client('studentA');
    expect((await student.post(`${family('B')}/videos/${videoId}/play`)).statusCode).toBe(404);
    expect((await student.get(`${accountPath()}/videos`)).statusCode).toBe(403);
  });

  it('stops a blocked student and lets them back when allowed again', async () => {
    const teacher = await ctx.world.client('teacherA');
    const permission = `${accountPath()}/students/${ctx.world.students.A}/video-permission`;
    expect((await teacher.put(permission, { allowed: false })).statusCode).toBe(200);
    const refused = await play();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'VIDEO_NOT_ALLOWED', message: MESSAGES.VIDEO_NOT_ALLOWED });
    const student = await ctx.world.client('studentA');
    expect((await student.get(`${family()}/video-courses`)).json()).toEqual({ allowed: false, courses: [] });
    expect((await student.put(`${family()}/videos/${videoId}/progress`, { positionMs: 1 })).statusCode).toBe(
      403,
    );
    const viewers = (await teacher.get(`${accountPath()}/video-courses/${courseId}/viewers`)).json();
    expect(
      viewers.viewers.find((v: { studentId: string }) => v.studentId === ctx.world.students.A).allowed,
    ).toBe(false);
    expect((await teacher.put(permission, { allowed: true })).statusCode).toBe(200);
    expect((await play()).statusCode).toBe(200);
  });

  it('plays nothing once the course leaves the classroom', async () => {
    const teacher = await ctx.world.client('teacherA');
    const saved = await teacher.put(`${accountPath()}/video-courses/${courseId}`, {
      title: 'Physics revision',
      chapters: [{ title: 'Motion', videoIds: [videoId] }],
      classroomIds: [],
    });
    expect(saved.json().classroomIds).toEqual([]);
    expect((await play()).statusCode).toBe(404);
    const unknown = await teacher.put(`${accountPath()}/video-courses/${courseId}`, {
      title: 'x',
      chapters: [{ title: 'y', videoIds: ['01J0000000000000000000000A'] }],
    });
    expect(unknown.json().error.code).toBe('VIDEO_UNKNOWN_IN_COURSE');
  });
});
