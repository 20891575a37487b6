import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipartFile, type TestClient } from '../../test/http';
import { assistantWithGrant, clientFor } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { admissionSteps, png } from './admission-fixtures';

// The files of online admission through the real app on both databases: the
// applicant's picture, checked by its content and refused by a closed form; the attachments staff
// upload for the welcome page, checked the same way, served back with their own type, and
// accepted in the settings only as our own addresses.

const HTML = Buffer.from('<html><script>alert(1)</script></html>');

describe.each(DIALECTS)('online admission, files [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  const { institution, anonymous, submit, applicationsOf, basic, publicPost, uploadPicture } =
    admissionSteps(ctx);

  it('stores a real picture, which then becomes the student photo address of the application', async () => {
    const { t } = await institution({ collectPicture: true });
    const res = await uploadPicture(t.accountId, 'me.jpg', 'image/jpeg', await png());
    expect(res.statusCode).toBe(201);
    const { avatarUrl } = res.json() as { avatarUrl: string };
    expect(avatarUrl).toMatch(/^\/media\/students\/[0-9A-Z]{26}\.webp$/);
    const served = await anonymous().get(avatarUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    expect((await submit(t.accountId, basic({ avatarURL: avatarUrl }))).statusCode).toBe(201);
    expect((await applicationsOf(t.accountId))[0]?.avatar_url).toBe(avatarUrl);
  });

  it('refuses a file that only claims to be a picture, and an unknown link', async () => {
    const { t } = await institution({ collectPicture: true });
    const fake = await uploadPicture(t.accountId, 'me.png', 'image/png', HTML);
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ error: { code: 'PICTURE_TYPE_INVALID' } });
    const named = await uploadPicture(t.accountId, 'me.html', 'text/html', HTML);
    expect(named.json()).toMatchObject({
      error: { code: 'PICTURE_TYPE_INVALID', message: 'me.html is not a png, jpg or jpeg file' },
    });
    const unknown = await uploadPicture('no-such-institution', 'me.png', 'image/png', await png());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'ADMISSION_INVALID_LINK' } });
  });

  it('a closed form says so to the wizard and takes no picture, phone check or application', async () => {
    const { t } = await institution({ acceptingApplications: false });
    const info = await anonymous().get(`/api/public/admission/${t.accountId}`);
    expect(info.json()).toMatchObject({ settings: { acceptingApplications: false } });

    const closed = {
      code: 'ADMISSION_CLOSED',
      message: 'This institution is not taking applications online right now.',
    };
    const picture = await uploadPicture(t.accountId, 'me.png', 'image/png', await png());
    expect([picture.statusCode, picture.json()]).toEqual([403, { error: expect.objectContaining(closed) }]);
    const check = await publicPost(t.accountId, '/phone-check', { phone: '01712345678' });
    expect([check.statusCode, check.json()]).toEqual([403, { error: expect.objectContaining(closed) }]);
    const sent = await submit(t.accountId, basic());
    expect([sent.statusCode, sent.json()]).toEqual([403, { error: expect.objectContaining(closed) }]);
    expect(await applicationsOf(t.accountId)).toHaveLength(0);
  });

  describe('attachments', () => {
    const attach = async (
      client: TestClient,
      accountId: string,
      name: string,
      type: string,
      body: Buffer,
    ) => {
      const form = await multipartFile('file', name, type, body);
      return client.request({
        method: 'POST',
        url: `/api/accounts/${accountId}/admission/attachments`,
        payload: form.payload,
        headers: form.headers,
      });
    };

    it('stores a PDF and a picture by their content and serves them back with their own type', async () => {
      const { t } = await institution();
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      const res = await attach(t.client, t.accountId, 'Prospectus 2027.pdf', 'application/pdf', pdf);
      expect(res.statusCode).toBe(201);
      const file = res.json() as { name: string; url: string };
      expect(file.name).toBe('Prospectus 2027');
      expect(file.url).toMatch(/^\/media\/attachments\/[0-9A-Z]{26}\.pdf$/);
      const served = await anonymous().get(file.url);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(pdf)).toBe(true);

      // A picture named .jpg but really a PNG is stored as what it is.
      const chart = await attach(t.client, t.accountId, 'fees.jpg', 'image/jpeg', await png());
      const chartUrl = (chart.json() as { url: string }).url;
      expect(chartUrl).toMatch(/\.png$/);
      expect((await sharp((await anonymous().get(chartUrl)).rawPayload).metadata()).format).toBe('png');

      // The settings take the uploaded address; the wizard lists it.
      const saved = await t.client.put(`/api/accounts/${t.accountId}/admission/settings`, {
        settings: { attachments: [{ name: file.name, url: file.url }] },
      });
      expect(saved.statusCode).toBe(200);
      const info = await anonymous().get(`/api/public/admission/${t.accountId}`);
      expect(info.json()).toMatchObject({
        settings: { attachments: [{ name: 'Prospectus 2027', url: file.url }] },
      });
    });

    it('refuses other files, a script named .pdf, and addresses that are not ours', async () => {
      const { t } = await institution();
      const script = await attach(t.client, t.accountId, 'prospectus.pdf', 'application/pdf', HTML);
      expect([script.statusCode, script.json()]).toEqual([
        400,
        {
          error: expect.objectContaining({
            code: 'ADMISSION_ATTACHMENT_TYPE_INVALID',
            message: 'prospectus.pdf is not a pdf, png, jpg or jpeg file',
          }),
        },
      ]);
      const exe = await attach(
        t.client,
        t.accountId,
        'setup.exe',
        'application/octet-stream',
        Buffer.from('MZ'),
      );
      expect(exe.json()).toMatchObject({ error: { code: 'ADMISSION_ATTACHMENT_TYPE_INVALID' } });

      for (const url of [
        '/media/attachments/../../etc/passwd',
        'javascript:alert(1)',
        '/media/students/x.webp',
      ]) {
        const res = await t.client.put(`/api/accounts/${t.accountId}/admission/settings`, {
          settings: { attachments: [{ name: 'X', url }] },
        });
        expect(res.statusCode, url).toBe(400);
      }
    });

    it('are the owner’s and admins’ to upload, not an assistant’s', async () => {
      const { t } = await institution();
      const assistant = await clientFor(
        ctx.app,
        ctx.deps,
        await assistantWithGrant(ctx.deps, t.accountId, { manageStudents: true }),
      );
      const res = await attach(assistant, t.accountId, 'a.pdf', 'application/pdf', Buffer.from('%PDF-1.4'));
      expect(res.statusCode).toBe(403);
    });
  });
});
