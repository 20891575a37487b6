import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { signUp } from '../test/factories';
import { addStudent, createClassroom } from '../test/school';
import { DIALECTS, useTestApp } from '../test/test-deps';

describe.each(DIALECTS)('compressed list pages [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('compresses a kept page as the browser asks, and never sends an out-of-date one', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const classroomId = await createClassroom(t.client, t.accountId, { name: 'Physics A' });
    const list = `/api/accounts/${t.accountId}/students`;
    const get = (acceptEncoding: string) =>
      t.client.request({ method: 'GET', url: list, headers: { 'accept-encoding': acceptEncoding } });
    const add = (name: string) => addStudent(t.client, t.accountId, { name, enrolments: [{ classroomId }] });

    // One student: under the 1 kB floor, sent as it is.
    await add('Nadia Islam');
    const small = await get('br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().total).toBe(1);

    for (const name of ['Arif Hossain', 'মেহেদী হাসান', 'Sadia Afrin', 'Tasnim Jahan', 'Karim Alam']) {
      await add(name);
    }
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const page = plain.json();
    expect(page.total).toBe(6);

    for (let i = 0; i < 2; i++) {
      const br = await get('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('accept-encoding');
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(page);
    }
    const gzip = await get('br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(page);

    await add('Bithi Rahman');
    const after = await get('br');
    const fresh = JSON.parse(brotliDecompressSync(after.rawPayload).toString('utf8'));
    expect(fresh.total).toBe(7);
    expect(fresh.items.map((s: { name: string }) => s.name)).toContain('Bithi Rahman');
  });
});
