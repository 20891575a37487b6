import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CSRF_HEADER } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/authenticate';
import type { TestClient } from '../../test/http';
import { DIALECTS } from '../../test/test-deps';
import { TUS, tusCreate, tusHead, tusPatch } from '../../test/tus';
import { useWorld } from '../../test/world';

// Resumable uploads (uploads.service.ts, tus-server.ts) through the real app: tus 1.0 creation,
// PATCH in parts, HEAD to resume, refusals (offset, size, quota, signature, other tenants), and
// the single claim other modules make.

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300_000, 0x41), Buffer.from('\n%%EOF\n')]);
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe.each(DIALECTS)('resumable uploads [%s]', (dialect) => {
  const ctx = useWorld(dialect);

  const create = (
    client: TestClient,
    options: { length?: number; accountId?: string; purpose?: string; name?: string } = {},
  ) => tusCreate(client, { accountId: ctx.world.accounts.A, length: PDF.length, ...options });
  const patch = tusPatch;
  const head = tusHead;
  const idOf = (location: string) => location.split('/').pop()!;
  const setFileQuotaGb = async (gb: number) => {
    const plan = await ctx.deps.db.kysely
      .selectFrom('plans')
      .select('limits')
      .where('id', '=', 'pro')
      .executeTakeFirstOrThrow();
    const limits = { ...JSON.parse(plan.limits), fileStorageGb: gb };
    await ctx.deps.db.kysely
      .updateTable('plans')
      .set({ limits: JSON.stringify(limits) })
      .where('id', '=', 'pro')
      .execute();
  };

  it('creates an upload, takes it in parts, tells the offset, and stores the checked file once', async () => {
    const teacher = await ctx.world.client('teacherA');
    const created = await create(teacher);
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/uploads\/[0-9A-Z]{26}$/);

    const first = await patch(teacher, location, 0, PDF.subarray(0, 100_000));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('100000');
    const at = await head(teacher, location);
    expect(at.statusCode).toBe(200);
    expect(at.headers).toMatchObject({ 'upload-offset': '100000', 'upload-length': String(PDF.length) });

    const wrong = await patch(teacher, location, 50_000, PDF.subarray(50_000));
    expect(wrong.statusCode).toBe(409);

    const last = await patch(teacher, location, 100_000, PDF.subarray(100_000));
    expect(last.statusCode).toBe(204);

    const id = idOf(location);
    const claimOf = (accountId: string, purpose: 'classroom-file' | 'lesson-video' = 'classroom-file') =>
      ctx.deps.uploads.claim(id, { accountId, purpose });
    await expect(claimOf(ctx.world.accounts.B)).rejects.toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
    await expect(claimOf(ctx.world.accounts.A, 'lesson-video')).rejects.toMatchObject({
      code: 'UPLOAD_NOT_FOUND',
    });
    const claimed = await claimOf(ctx.world.accounts.A);
    expect(claimed).toMatchObject({
      fileName: 'notes.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
    });
    const stored = await ctx.deps.storage.get(claimed.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
    await expect(claimOf(ctx.world.accounts.A)).rejects.toMatchObject({ code: 'UPLOAD_NOT_FOUND' });

    const usage = (await teacher.get(`/api/accounts/${ctx.world.accounts.A}/storage-usage`)).json();
    expect(usage.files.usedBytes).toBe(PDF.length);
    // Finished uploads are no longer open to HEAD or PATCH.
    expect((await head(teacher, location)).statusCode).toBe(404);
  });

  it('resumes from the offset the server kept after the connection was cut', async () => {
    const teacher = await ctx.world.client('teacherA');
    const location = (await create(teacher)).headers.location as string;
    if (!ctx.app.server.listening) await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as AddressInfo;
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        path: location,
        method: 'PATCH',
        headers: {
          ...TUS,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(PDF.length),
          [CSRF_HEADER]: '1',
          cookie: `${SESSION_COOKIE}=${teacher.cookie}`,
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      // Half the file, then the connection drops.
      req.write(PDF.subarray(0, PDF.length / 2), () => setTimeout(() => req.destroy(), 100));
    });
    let offset = -1;
    // The server notices the cut and keeps what arrived; HEAD tells where to go on.
    for (let i = 0; i < 50 && offset < 0; i++) {
      const res = await head(teacher, location);
      if (res.statusCode === 200) offset = Number(res.headers['upload-offset']);
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(offset).toBeLessThanOrEqual(PDF.length / 2);
    const rest = await patch(teacher, location, offset, PDF.subarray(offset));
    expect(rest.statusCode).toBe(204);
    const claimed = await ctx.deps.uploads.claim(idOf(location), {
      accountId: ctx.world.accounts.A,
      purpose: 'classroom-file',
    });
    expect(claimed.sizeBytes).toBe(PDF.length);
  });

  it('refuses a file past the size limit or the quota, with a message that says so', async () => {
    const teacher = await ctx.world.client('teacherA');
    const tooLarge = await create(teacher, { length: 3 * 1024 ** 3 });
    expect(tooLarge.statusCode).toBe(413);
    expect(JSON.parse(tooLarge.body).error).toMatchObject({
      code: 'UPLOAD_TOO_LARGE',
      message: 'This file is too large: one file may be at most 2 GB.',
    });
    await setFileQuotaGb(0);
    try {
      const full = await create(teacher);
      expect(full.statusCode).toBe(413);
      expect(JSON.parse(full.body).error.code).toBe('STORAGE_QUOTA_FULL');
      expect(JSON.parse(full.body).error.message).toMatch(/of your plan’s 0 B is used/);
    } finally {
      await setFileQuotaGb(10 * 1024);
    }
    const noLength = await teacher.request({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...TUS,
        'upload-defer-length': '1',
        'upload-metadata': `accountId ${b64(ctx.world.accounts.A)}`,
      },
    });
    expect(noLength.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('refuses a file whose bytes are not a type the purpose takes, and forgets it', async () => {
    const teacher = await ctx.world.client('teacherA');
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const location = (await create(teacher, { length: html.length, name: 'notes.pdf' })).headers
      .location as string;
    const res = await patch(teacher, location, 0, html);
    expect(res.statusCode).toBe(415);
    expect(JSON.parse(res.body).error.code).toBe('UPLOAD_FILE_TYPE_REFUSED');
    await expect(
      ctx.deps.uploads.claim(idOf(location), { accountId: ctx.world.accounts.A, purpose: 'classroom-file' }),
    ).rejects.toMatchObject({ code: 'UPLOAD_NOT_FOUND' });

    const video = await create(teacher, { length: PDF.length, purpose: 'lesson-video' });
    const refused = await patch(teacher, video.headers.location as string, 0, PDF);
    expect(JSON.parse(refused.body).error.code).toBe('UPLOAD_VIDEO_TYPE_REFUSED');
  });

  it("keeps another tenant, families and other staff out of an account's uploads", async () => {
    const teacher = await ctx.world.client('teacherA');
    const location = (await create(teacher)).headers.location as string;
    const other = await ctx.world.client('teacherB');
    const r = await create(other);
    expect(r.statusCode).toBe(404);
    expect((await head(other, location)).statusCode).toBe(404);
    expect((await patch(other, location, 0, PDF)).statusCode).toBe(404);
    expect((await other.request({ method: 'DELETE', url: location, headers: TUS })).statusCode).toBe(404);
    const student = await ctx.world.client('studentA');
    expect((await create(student)).statusCode).toBe(403);
    expect((await patch(student, location, 0, PDF)).statusCode).toBe(403);
    expect((await create(await ctx.world.client('anonymous'))).statusCode).toBe(401);
    // Still the uploader's to finish.
    expect((await patch(teacher, location, 0, PDF)).statusCode).toBe(204);
  });
});
