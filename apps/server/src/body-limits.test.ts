import { Readable } from 'node:stream';
import { CSRF_HEADER, MESSAGES } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { BODY_LIMITS } from './lib/body-limits';
import { PICTURE_MAX_BYTES } from './modules/media/images';
import { multipartFile } from './test/http';
import { DIALECTS, useTestApp } from './test/test-deps';
import { buildWorld } from './test/world';

const MB = 1024 * 1024;

/** A multipart body of `size` bytes that counts how much of it the server actually read. */
function countedBody(size: number) {
  const boundary = 'fuzzboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent === 0) {
        sent += head.length;
        this.push(head);
      } else if (sent < size) {
        sent += chunk.length;
        this.push(chunk);
      } else {
        this.push(null);
      }
    },
  });
  return { stream, read: () => sent, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(DIALECTS)('request body limits [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('refuses a JSON body past the default limit with 413 REQUEST_TOO_LARGE', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { [CSRF_HEADER]: '1' },
      payload: { emailOrPhone: 'a@b.bd', message: 'x'.repeat(BODY_LIMITS.json) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'REQUEST_TOO_LARGE', message: MESSAGES.REQUEST_TOO_LARGE });
  });

  it('takes the big documents of the routes that raise it: a long Bangla news item, a big export', async () => {
    const world = await buildWorld(ctx.app, ctx.deps);
    const staff = await world.client('staff');
    // 90,000 Bangla characters are ~270 kB of UTF-8: past the default, within the news limit.
    const description = `<p>${'ক'.repeat(90_000)}</p>`;
    const news = await staff.post('/api/staff/news', { title: 'বড় খবর', description });
    expect(news.statusCode).toBe(201);

    const teacher = await world.client('teacherA');
    const rows = Array.from({ length: 8_000 }, (_, i) => [`ছাত্র ${i}`, `0171${i}`, 'ক্লাস ১০', i, true]);
    const table = { format: 'xlsx', title: 'Big', headers: ['a', 'b', 'c', 'd', 'e'], rows };
    expect(JSON.stringify(table).length).toBeGreaterThan(BODY_LIMITS.json * 2);
    const exported = await teacher.post('/api/exports', table);
    expect(exported.statusCode).toBe(200);

    const tooBig = await teacher.request({
      method: 'POST',
      url: '/api/exports',
      payload: { ...table, title: 'x'.repeat(BODY_LIMITS.export) },
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('REQUEST_TOO_LARGE');
  });

  it('refuses a 60 MB upload from its Content-Length, before reading it', async () => {
    const world = await buildWorld(ctx.app, ctx.deps);
    const teacher = await world.client('teacherA');
    const body = countedBody(60 * MB);
    const res = await teacher.request({
      method: 'POST',
      url: '/api/me/avatar',
      payload: body.stream,
      headers: { 'content-type': body.contentType, 'content-length': String(60 * MB) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'PICTURE_TOO_LARGE',
      message: MESSAGES.PICTURE_TOO_LARGE.replace('{max}', '5'),
    });
    // At most what a stream reads ahead, nowhere near the file.
    expect(body.read()).toBeLessThan(MB);
    expect(res.headers.connection).toBe('close');
  });

  it('refuses a 60 MB news image from its Content-Length, naming it a picture', async () => {
    const world = await buildWorld(ctx.app, ctx.deps);
    const staff = await world.client('staff');
    const body = countedBody(60 * MB);
    const res = await staff.request({
      method: 'POST',
      url: '/api/staff/news/images',
      payload: body.stream,
      headers: { 'content-type': 'image/png', 'content-length': String(60 * MB) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PICTURE_TOO_LARGE');
    expect(body.read()).toBeLessThan(MB);
  });

  it('cuts off an upload without a Content-Length while streaming it', async () => {
    const world = await buildWorld(ctx.app, ctx.deps);
    const teacher = await world.client('teacherA');
    const body = countedBody(60 * MB);
    const res = await teacher.request({
      method: 'POST',
      url: '/api/me/avatar',
      payload: body.stream,
      headers: { 'content-type': body.contentType },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PICTURE_TOO_LARGE');
    // The connection closes with the answer, so the rest of the body is not read on a real socket.
    expect(res.headers.connection).toBe('close');
  });

  it('still takes a picture within the limit', async () => {
    const world = await buildWorld(ctx.app, ctx.deps);
    const teacher = await world.client('teacherA');
    const upload = await multipartFile(
      'file',
      'big.png',
      'image/png',
      Buffer.alloc(PICTURE_MAX_BYTES - 1024),
    );
    const res = await teacher.request({ method: 'POST', url: '/api/me/avatar', ...upload });
    // Not an image, so sharp refuses it: the size was accepted.
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('PICTURE_TYPE_INVALID');
  });
});
