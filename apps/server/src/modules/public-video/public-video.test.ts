import { MESSAGES, VIDEO_STREAM_TTL_MS } from '@batchwise/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentStandIns } from '../../drivers/payments/gateways';
import { TestClient } from '../../test/http';
import { DIALECTS } from '../../test/test-deps';
import { clipUploads } from '../../test/video-clips';
import { useWorld } from '../../test/world';
import { postForm, STORE } from '../online-pay/online-pay-fixture';

// Public video courses (contracts/public-video.ts): the teacher publishes a course free or paid
// and unpublishes it; anyone with the link reads it; a free course plays through the signed,
// expiring stream addresses; a paid one plays only for a buyer whose purchase the IPN confirmed
// (never the browser's return), through their access link; unknown and unpublished keys are "not
// available", and another institution's staff cannot publish the course.

const IPN = '/api/public/video-pay/sslcommerz/ipn';

describe.each(DIALECTS)('public video courses [%s]', (dialect) => {
  const ctx = useWorld(dialect, { claimUpload: clipUploads(() => ctx.deps.storage) });
  const base = () => `/api/accounts/${ctx.world.accounts.A}`;
  const publication = () => `${base()}/video-courses/${courseId}/publication`;
  const visitor = () => new TestClient(ctx.app);
  let videoId = '';
  let courseId = '';

  beforeAll(async () => {
    const teacher = await ctx.world.client('teacherA');
    videoId = (await teacher.post(`${base()}/videos`, { uploadId: 'clip-320x240-2s' })).json().id;
    await ctx.deps.createWorker().drain();
    const course = await teacher.post(`${base()}/video-courses`, {
      title: 'Physics for everyone',
      chapters: [{ title: 'Motion', videoIds: [videoId] }],
    });
    courseId = course.json().id;
  }, 120_000);

  const publish = async (body: object) => (await ctx.world.client('teacherA')).put(publication(), body);
  const course = (key: string, access?: string) =>
    visitor().get(`/api/public/video-courses/${key}${access ? `?access=${access}` : ''}`);
  const play = (key: string, access?: string) =>
    visitor().post(`/api/public/video-courses/${key}/videos/${videoId}/play`, access ? { access } : {});

  it('publishes a course free: anyone with the link reads it and plays its video until the address ends', async () => {
    const res = await publish({ pricing: 'free' });
    expect(res.statusCode).toBe(200);
    const { publication: p } = res.json();
    expect(p).toMatchObject({ pricing: 'free', pricePaisa: 0 });
    expect(p.key.length).toBeGreaterThanOrEqual(32);
    expect(p.path).toBe(`/public-video-course?key=${p.key}`);

    const page = await course(p.key);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      title: 'Physics for everyone',
      teacher: expect.any(String),
      institution: expect.any(String),
      pricing: 'free',
      access: 'granted',
      chapters: [{ title: 'Motion', videos: [{ id: videoId, title: expect.any(String) }] }],
    });
    const video = page.json().chapters[0].videos[0];
    expect(video.durationMs).toBeGreaterThan(1000);
    expect((await ctx.app.inject({ method: 'GET', url: video.posterUrl })).statusCode).toBe(200);

    const played = await play(p.key);
    expect(played.statusCode).toBe(200);
    const { playlistUrl } = played.json();
    expect(playlistUrl).toMatch(/^\/media\/video\/[^/]+\/\d+\.[\w-]+\/master\.m3u8$/);
    expect((await ctx.app.inject({ method: 'GET', url: playlistUrl })).statusCode).toBe(200);
    ctx.deps.clock.advance(VIDEO_STREAM_TTL_MS + 1000);
    try {
      expect((await ctx.app.inject({ method: 'GET', url: playlistUrl })).statusCode).toBe(403);
    } finally {
      ctx.deps.clock.release();
    }
    // A video of the account that is not in this course is not reachable through its link.
    const other = await visitor().post(
      `/api/public/video-courses/${p.key}/videos/01J0000000000000000000000A/play`,
    );
    expect(other.statusCode).toBe(404);
  });

  it('answers "not available" for an unknown key and once unpublished; republishing makes a new link', async () => {
    const unknown = await course('x'.repeat(32));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({
      code: 'VIDEO_COURSE_UNAVAILABLE',
      message: MESSAGES.VIDEO_COURSE_UNAVAILABLE,
    });
    const { key } = (await publish({ pricing: 'free' })).json().publication;
    const teacher = await ctx.world.client('teacherA');
    expect((await teacher.delete(publication())).statusCode).toBe(200);
    expect((await teacher.get(publication())).json().publication).toBeNull();
    expect((await course(key)).json().error.code).toBe('VIDEO_COURSE_UNAVAILABLE');
    expect((await play(key)).statusCode).toBe(404);
    const again = (await publish({ pricing: 'free' })).json().publication.key;
    expect(again).not.toBe(key);
    expect((await course(again)).statusCode).toBe(200);
  });

  it("keeps the course's publishing to its own institution's managers", async () => {
    const outsider = await ctx.world.client('teacherB');
    expect((await outsider.put(publication(), { pricing: 'free' })).statusCode).toBe(404);
    expect((await outsider.get(publication())).statusCode).toBe(404);
  });

  it('sells a paid course: access only after the IPN, kept through the access link', async () => {
    const teacher = await ctx.world.client('teacherA');
    // Without online payment switched on a course cannot be put up for sale.
    const off = await publish({ pricing: 'paid', pricePaisa: 25_000 });
    expect(off.json().error.code).toBe('PAY_ONLINE_OFF');
    const settings = await teacher.put(`${base()}/merchant-settings`, {
      onlinePayment: true,
      sslcommerz: { enabled: true, mode: 'sandbox', ...STORE },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect((await publish({ pricing: 'paid', pricePaisa: 500 })).json().error.code).toBe(
      'PAY_AMOUNT_TOO_SMALL',
    );
    const { key } = (await publish({ pricing: 'paid', pricePaisa: 25_000 })).json().publication;

    expect((await course(key)).json()).toMatchObject({
      pricing: 'paid',
      pricePaisa: 25_000,
      access: 'none',
      payable: true,
    });
    const refused = await play(key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('VIDEO_COURSE_NOT_BOUGHT');

    const buyer = visitor();
    const badPhone = await buyer.post(`/api/public/video-courses/${key}/buy`, {
      name: 'Mitu',
      phone: '12345',
    });
    expect(badPhone.statusCode).toBe(400);
    const bought = await buyer.post(`/api/public/video-courses/${key}/buy`, {
      name: 'Mitu Akter',
      phone: '01712345678',
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const { tranId, redirectUrl } = bought.json();
    const standIns = (await ctx.deps.paymentGateways.standIns()) as PaymentStandIns;
    const done = await standIns.sslcommerz.complete(new URL(redirectUrl).pathname.split('/').pop()!, 'VALID');
    expect(done.form.amount).toBe('250.00');

    // The browser comes back first: it gets its access link, but the IPN has not confirmed yet.
    const back = await postForm(ctx.app, '/api/public/video-pay/sslcommerz/success', done.form);
    expect(back.statusCode).toBe(303);
    const landing = new URL(back.headers.location as string, 'http://x');
    expect(landing.pathname).toBe('/public-video-course');
    expect(landing.searchParams.get('key')).toBe(key);
    const access = landing.searchParams.get('access')!;
    expect(access.length).toBeGreaterThanOrEqual(32);
    expect((await course(key, access)).json().access).toBe('pending');
    expect((await play(key, access)).statusCode).toBe(403);
    // A forged return (no valid signature) is sent back without the access link.
    const forged = await postForm(ctx.app, '/api/public/video-pay/sslcommerz/success', {
      ...done.form,
      verify_sign: 'forged',
    });
    expect(forged.headers.location).not.toContain('access=');

    // The IPN confirms (twice: a replay changes nothing): the access link plays.
    expect((await postForm(ctx.app, IPN, done.form)).json()).toEqual({ ok: true });
    expect((await postForm(ctx.app, IPN, done.form)).json()).toEqual({ ok: true });
    expect((await course(key, access)).json().access).toBe('granted');
    const played = await play(key, access);
    expect(played.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: played.json().playlistUrl })).statusCode).toBe(200);
    // Someone else's token, or none, still buys.
    expect((await course(key, 'y'.repeat(32))).json().access).toBe('none');
    expect((await play(key)).statusCode).toBe(403);

    const buyers = (await teacher.get(publication())).json().buyers;
    expect(buyers).toEqual([
      { name: 'Mitu Akter', phone: '+8801712345678', amountPaisa: 25_000, paidAt: expect.any(Number) },
    ]);
    expect(tranId).toMatch(/^BWV/);
  });

  it('grants nothing for a failed payment or an IPN that is not ours', async () => {
    const { key } = (await (await ctx.world.client('teacherA')).get(publication())).json().publication;
    const bought = await visitor().post(`/api/public/video-courses/${key}/buy`, {
      name: 'Rana',
      phone: '01812345678',
    });
    const standIns = (await ctx.deps.paymentGateways.standIns()) as PaymentStandIns;
    const sessionkey = new URL(bought.json().redirectUrl).pathname.split('/').pop()!;
    const done = await standIns.sslcommerz.complete(sessionkey, 'FAILED');
    await postForm(ctx.app, IPN, done.form);
    const back = await postForm(ctx.app, '/api/public/video-pay/sslcommerz/fail', done.form);
    expect(back.headers.location).toMatch(/payment=failed$/);
    expect((await postForm(ctx.app, IPN, { tran_id: 'BWVNOTOURS' })).json()).toEqual({ ok: false });
    const buyers = (await (await ctx.world.client('teacherA')).get(publication())).json().buyers;
    expect(buyers.map((b: { name: string }) => b.name)).toEqual(['Mitu Akter']);
  });

  it('asks the gateway about a purchase whose IPN never came, once its window has passed', async () => {
    const { key } = (await (await ctx.world.client('teacherA')).get(publication())).json().publication;
    const buy = async (name: string) => {
      const res = await visitor().post(`/api/public/video-courses/${key}/buy`, {
        name,
        phone: '01912345678',
      });
      return {
        tranId: res.json().tranId as string,
        sessionkey: new URL(res.json().redirectUrl).pathname.split('/').pop()!,
      };
    };
    const standIns = (await ctx.deps.paymentGateways.standIns()) as PaymentStandIns;
    const paidSilently = await buy('Silent Payer');
    // Paid at the gateway, but the IPN is lost (no server listens here) and nobody comes back.
    await standIns.sslcommerz.complete(paidSilently.sessionkey, 'VALID');
    const abandoned = await buy('Gone Away');
    const jobs = await ctx.deps.db.kysely
      .selectFrom('jobs')
      .select('idempotency_key')
      .where('type', '=', 'public-video.reconcile')
      .execute();
    expect(jobs.map((j) => j.idempotency_key)).toEqual(
      expect.arrayContaining([paidSilently, abandoned].map((p) => `public-video.reconcile:${p.tranId}`)),
    );
    for (const { tranId } of [paidSilently, abandoned]) await ctx.deps.publicVideoPay.reconcile(tranId);
    const statuses = await ctx.deps.db.kysely
      .selectFrom('video_course_purchases')
      .select(['tran_id', 'status'])
      .where('tran_id', 'in', [paidSilently.tranId, abandoned.tranId])
      .execute();
    expect(Object.fromEntries(statuses.map((r) => [r.tran_id, r.status]))).toEqual({
      [paidSilently.tranId]: 'paid',
      [abandoned.tranId]: 'expired',
    });
    const names = (await (await ctx.world.client('teacherA')).get(publication()))
      .json()
      .buyers.map((b: { name: string }) => b.name);
    expect(names).toContain('Silent Payer');
    expect(names).not.toContain('Gone Away');
  });

  it('ends the link with the course', async () => {
    const teacher = await ctx.world.client('teacherA');
    const { key } = (await teacher.get(publication())).json().publication;
    expect((await teacher.delete(`${base()}/video-courses/${courseId}`)).statusCode).toBe(200);
    expect((await course(key)).json().error.code).toBe('VIDEO_COURSE_UNAVAILABLE');
  });
});
