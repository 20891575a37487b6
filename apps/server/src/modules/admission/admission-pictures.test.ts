import { MESSAGES } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { uniquePhone } from '../../test/factories';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { admissionSteps } from './admission-fixtures';
import { scheduleAdmissionPicturePrune } from './admission-picture-prune';

const DAY = 24 * 3_600_000;

/**
 * An applicant's picture, attacked: the public form takes only a picture its own upload issued,
 * once and before it expires, so an applicant cannot point the picture at another tenant's stored
 * file, at a path outside storage, or at an outside address that would tell them who opened it.
 */
describe.each(DIALECTS)('online admission, picture attacks [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  const { institution, submit, applicationsOf, basic, issuedPicture } = admissionSteps(ctx);
  const refused = { code: 'ADMISSION_PICTURE_INVALID', message: MESSAGES.ADMISSION_PICTURE_INVALID };

  const studentOf = (id: string) =>
    ctx.deps.db.kysely.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('refuses a picture of another form, a traversal path and outside addresses, storing nothing', async () => {
    const { t } = await institution({ collectPicture: true });
    const other = await institution({ collectPicture: true });
    const foreign = await issuedPicture(other.t.accountId);
    for (const avatarURL of [
      foreign,
      '/media/../../batchwise.db',
      '/media/students/../../batchwise.db',
      '/media/avatars/someone-else.webp',
      'https://tracker.example/pixel.png',
      'http://203.0.113.7/me.jpg',
      '//tracker.example/me.jpg',
    ]) {
      const res = await submit(t.accountId, basic({ avatarURL }));
      expect(res.statusCode, avatarURL).toBe(400);
      expect(res.json().error, avatarURL).toMatchObject(refused);
    }
    expect(await applicationsOf(t.accountId)).toHaveLength(0);
    // The other form's own applicant still uses it.
    expect((await submit(other.t.accountId, basic({ avatarURL: foreign }))).statusCode).toBe(201);
  });

  it('takes an issued picture once, and not after it expired', async () => {
    const { t } = await institution({ collectPicture: true });
    const picture = await issuedPicture(t.accountId);
    expect((await submit(t.accountId, basic({ avatarURL: picture }))).statusCode).toBe(201);
    const again = await submit(t.accountId, basic({ avatarURL: picture, phone: uniquePhone() }));
    expect([again.statusCode, again.json().error]).toEqual([400, expect.objectContaining(refused)]);

    const late = await issuedPicture(t.accountId);
    ctx.deps.clock.advance(DAY + 1);
    const expired = await submit(t.accountId, basic({ avatarURL: late, phone: uniquePhone() }));
    expect([expired.statusCode, expired.json().error]).toEqual([400, expect.objectContaining(refused)]);
    expect(await applicationsOf(t.accountId)).toHaveLength(1);
  });

  it('accepting copies the issued picture onto the student, and nothing an older row names', async () => {
    const { t, physics } = await institution({ collectPicture: true });
    const picture = await issuedPicture(t.accountId);
    const { id } = (await submit(t.accountId, basic({ avatarURL: picture, phone: uniquePhone() }))).json();
    const accept = (applicationId: string) =>
      t.client.post(`/api/accounts/${t.accountId}/admission/applications/${applicationId}/accept`, {
        classroomIds: [physics],
        welcomeSms: false,
      });
    const staffView = async (applicationId: string) =>
      (await t.client.get(`/api/accounts/${t.accountId}/admission/applications/${applicationId}`)).json()
        .avatarUrl;
    expect(await staffView(id)).toBe(picture);
    const res = await accept(id);
    expect(res.statusCode).toBe(200);
    expect((await studentOf(res.json().studentId)).avatar_key).toBe(picture.slice('/media/'.length));

    // An application stored before pictures were issued (or written around the form) keeps its
    // address on the application only: the student gets no picture from it.
    const other = await institution({ collectPicture: true });
    const foreign = await issuedPicture(other.t.accountId);
    const planted = (
      await submit(t.accountId, basic({ avatarURL: await issuedPicture(t.accountId) }))
    ).json();
    await ctx.deps.db.kysely
      .updateTable('admission_applications')
      .set({ avatar_url: foreign })
      .where('id', '=', planted.id)
      .execute();
    expect(await staffView(planted.id)).toBeNull();
    const copied = await accept(planted.id);
    expect(copied.statusCode).toBe(200);
    expect((await studentOf(copied.json().studentId)).avatar_key).toBeNull();
  });

  it('never shows staff a stored address the form did not issue: no outside picture tracks who opens the inbox', async () => {
    const { t } = await institution({ collectPicture: true });
    const issued = await issuedPicture(t.accountId);
    const own = (await submit(t.accountId, basic({ avatarURL: issued }))).json().id;
    const old = (
      await submit(t.accountId, basic({ avatarURL: await issuedPicture(t.accountId), phone: uniquePhone() }))
    ).json().id;
    // As an application sent before pictures were issued stored it (or a probe's path).
    for (const avatarUrl of ['https://tracker.example/pixel.png', '/media/../../batchwise.db']) {
      await ctx.deps.db.kysely
        .updateTable('admission_applications')
        .set({ avatar_url: avatarUrl })
        .where('id', '=', old)
        .execute();
      const list = await t.client.get(`/api/accounts/${t.accountId}/admission/applications`);
      const shown = Object.fromEntries(
        (list.json().items as { id: string; avatarUrl: string | null }[]).map((a) => [a.id, a.avatarUrl]),
      );
      expect(shown).toEqual({ [own]: issued, [old]: null });
      const detail = await t.client.get(`/api/accounts/${t.accountId}/admission/applications/${old}`);
      expect(detail.json().avatarUrl).toBeNull();
    }
  });

  it('deletes the file and record of a picture no application took before it expired', async () => {
    const { t } = await institution({ collectPicture: true });
    const taken = await issuedPicture(t.accountId);
    const abandoned = await issuedPicture(t.accountId);
    expect((await submit(t.accountId, basic({ avatarURL: taken, phone: uniquePhone() }))).statusCode).toBe(
      201,
    );
    const keyOf = (url: string) => url.slice('/media/'.length);
    const stored = async (url: string) => {
      const file = await ctx.deps.storage.get(keyOf(url));
      file?.body.destroy();
      const row = await ctx.deps.db.kysely
        .selectFrom('admission_pictures')
        .select('key')
        .where('key', '=', keyOf(url))
        .executeTakeFirst();
      return { file: file !== undefined, record: row !== undefined };
    };
    expect(await stored(abandoned)).toEqual({ file: true, record: true });

    ctx.deps.clock.advance(DAY);
    await scheduleAdmissionPicturePrune(ctx.deps.jobs, ctx.deps.clock);
    ctx.deps.clock.advance(60 * 60_000);
    await ctx.deps.createWorker().drain();
    expect(await stored(abandoned)).toEqual({ file: false, record: false });
    expect(await stored(taken)).toEqual({ file: true, record: true });
  });
});
