import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signUp, uniquePhone } from '../../test/factories';
import { multipartFile } from '../../test/http';
import { useS3StandIn } from '../../test/s3-stand-in';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { admissionSteps, png } from '../admission/admission-fixtures';

/**
 * The server configured for an S3-compatible bucket (s3rver on loopback): uploads go to the
 * bucket, come back from it at their usual /media addresses, and nothing lands on the local disk.
 */
describe.each(DIALECTS)('uploads in an S3-compatible bucket [%s]', (dialect) => {
  const standIn = useS3StandIn();
  const ctx = useTestApp(dialect, standIn.env);
  const inBucket = async (prefix: string) => {
    const keys: string[] = [];
    for await (const key of ctx.deps.storage.list(prefix)) keys.push(key);
    return keys;
  };
  const keyOf = (url: string) => url.slice('/media/'.length);

  it('keeps an avatar in the bucket, serves it, and deletes the old one when replaced', async () => {
    expect(ctx.deps.storage.name).toBe('s3');
    const me = await signUp(ctx.app, ctx.deps);
    const upload = async () => {
      const form = await multipartFile('file', 'me.png', 'image/png', await png());
      const res = await me.client.request({ method: 'POST', url: '/api/me/avatar', ...form });
      expect(res.statusCode).toBe(200);
      return res.json().avatarUrl as string;
    };
    const first = await upload();
    expect(await inBucket('avatars/')).toEqual([keyOf(first)]);

    const image = await ctx.app.inject({ method: 'GET', url: first });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(Number(image.headers['content-length'])).toBe(image.rawPayload.length);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      width: 256,
      height: 256,
      format: 'webp',
    });

    const second = await upload();
    expect(await inBucket('avatars/')).toEqual([keyOf(second)]);
    expect((await ctx.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    // Nothing was written to the data directory's uploads.
    expect(fs.existsSync(path.join(ctx.deps.config.dataDir, 'uploads'))).toBe(false);
  });

  it("takes an applicant's picture into the bucket and onto the accepted student", async () => {
    const { institution, submit, basic, issuedPicture } = admissionSteps(ctx);
    const { t, physics } = await institution({ collectPicture: true });
    const picture = await issuedPicture(t.accountId);
    expect(await inBucket('students/')).toContain(keyOf(picture));
    const shown = await ctx.app.inject({ method: 'GET', url: picture });
    expect([shown.statusCode, shown.headers['content-type']]).toEqual([200, 'image/webp']);

    const { id } = (await submit(t.accountId, basic({ avatarURL: picture, phone: uniquePhone() }))).json();
    const accepted = await t.client.post(`/api/accounts/${t.accountId}/admission/applications/${id}/accept`, {
      classroomIds: [physics],
      welcomeSms: false,
    });
    expect(accepted.statusCode).toBe(200);
    const student = await t.client.get(`/api/accounts/${t.accountId}/students/${accepted.json().studentId}`);
    const avatarUrl = student.json().avatarUrl as string;
    expect(avatarUrl).toBe(picture);
    expect((await ctx.app.inject({ method: 'GET', url: avatarUrl })).rawPayload).toEqual(shown.rawPayload);
  });
});
