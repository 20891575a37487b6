import sharp from 'sharp';
import { signUp } from '../../test/factories';
import { multipartFile, TestClient } from '../../test/http';
import { createClassroom } from '../../test/school';
import type { TestAppContext } from '../../test/test-deps';

// Shared steps of the online-admission tests (admission-public.test.ts, admission-inbox.test.ts).

let ipCounter = 0;
/** A fresh client address, so one test's rate-limit slots do not leak into another's. */
export const freshIp = () =>
  `10.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}.${(Date.now() % 200) + 1}`;

/** A small real picture, as a phone camera would give. */
export const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#0a7' } })
    .png()
    .toBuffer();

/** An institution with one classroom and these admission settings, and the public calls. */
export function admissionSteps(ctx: TestAppContext) {
  async function institution(settings: Record<string, unknown> = {}, language?: 'en' | 'bn') {
    const t = await signUp(ctx.app, ctx.deps);
    const physics = await createClassroom(t.client, t.accountId, {
      grade: 'Class 9',
      subject: 'Physics',
      name: 'Batch A',
    });
    await ctx.deps.db.kysely
      .updateTable('accounts')
      .set({ settings: JSON.stringify({ admission: { ...settings, language } }) })
      .where('id', '=', t.accountId)
      .execute();
    return { t, physics };
  }

  const anonymous = () => new TestClient(ctx.app);
  const publicPost = (key: string, path: string, payload: unknown, ip = freshIp()) =>
    anonymous().request({
      method: 'POST',
      url: `/api/public/admission/${encodeURIComponent(key)}${path}`,
      payload: payload as object,
      remoteAddress: ip,
    });
  const submit = (key: string, body: object, ip?: string) => publicPost(key, '/applications', body, ip);
  const applicationsOf = (accountId: string) =>
    ctx.deps.db.kysely
      .selectFrom('admission_applications')
      .selectAll()
      .where('account_id', '=', accountId)
      .execute();
  /** The wizard's picture upload, from a fresh address. */
  const uploadPicture = async (key: string, name: string, type: string, body: Buffer) => {
    const form = await multipartFile('file', name, type, body);
    return anonymous().request({
      method: 'POST',
      url: `/api/public/admission/${encodeURIComponent(key)}/picture`,
      payload: form.payload,
      headers: form.headers,
      remoteAddress: freshIp(),
    });
  };
  /** A real picture uploaded through the form of `key`: the address the form answers. */
  const issuedPicture = async (key: string): Promise<string> => {
    const res = await uploadPicture(key, 'me.png', 'image/png', await png());
    if (res.statusCode !== 201) throw new Error(`picture upload answered ${res.statusCode}`);
    return (res.json() as { avatarUrl: string }).avatarUrl;
  };
  const basic = (over: object = {}) => ({
    name: 'Rahim Uddin',
    phone: '01712345678',
    details: 'Class 9 Physics, morning batch',
    ...over,
  });

  return { institution, anonymous, publicPost, submit, applicationsOf, basic, uploadPicture, issuedPicture };
}
