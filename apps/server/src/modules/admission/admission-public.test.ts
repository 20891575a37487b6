import { DUPLICATE_WINDOW_MS, MESSAGES } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { uniquePhone } from '../../test/factories';
import { addStudent, createClassroom } from '../../test/school';
import { until } from '../../test/sse';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { admissionSteps, freshIp } from './admission-fixtures';
import { ADMISSION_RATE_LIMITS } from './admission-form.service';

// The public online-admission wizard's calls through the real app on both databases:
// the institution's public info, submission with every cross-field rule, the private duplicate
// check, and abuse (garbage, oversized, script-laden, too many).

describe.each(DIALECTS)('online admission, public [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  const { institution, anonymous, publicPost, submit, applicationsOf, basic, issuedPicture } =
    admissionSteps(ctx);

  it('answers an unknown key with 404 and the spec message', async () => {
    for (const res of [
      await anonymous().get('/api/public/admission/no-such-institution'),
      await submit('no-such-institution', basic()),
      await publicPost('no-such-institution', '/phone-check', { phone: '01712345678' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({
        code: 'ADMISSION_INVALID_LINK',
        message: 'Invalid Link. Please check the link is correct and try again..',
      });
    }
  });

  it('gives the wizard the name, language, settings and open classrooms, and nothing private', async () => {
    const { t, physics } = await institution(
      { collectPicture: true, customFields: ['Blood Group'], attachments: [] },
      'bn',
    );
    await addStudent(t.client, t.accountId, { name: 'Private Student' });
    const res = await anonymous().get(`/api/public/admission/${t.accountId}`);
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({
      instituteId: t.accountId,
      institution: t.input.institution,
      logoUrl: null,
      language: 'bn',
      settings: { collectPicture: true, collectParentsPhone: false, customFields: ['Blood Group'] },
      classrooms: [{ id: physics, name: 'Batch A', grade: 'Class 9', subject: 'Physics' }],
    });
    expect(Object.keys(info).sort()).toEqual(
      ['classrooms', 'instituteId', 'institution', 'language', 'logoUrl', 'settings'].sort(),
    );
    expect(res.body).not.toContain('Private Student');
    expect(res.body).not.toContain(t.input.email);
  });

  it('stores a submission as given, fixes the course classroom, and publishes a live event', async () => {
    const { t, physics } = await institution({
      collectParentsPhone: true,
      customFields: ['Blood Group', 'Address'],
    });
    const events: string[] = [];
    const stop = ctx.deps.events.subscribe([`account:${t.accountId}`], (e) => events.push(e.type));
    const res = await submit(t.accountId, {
      ...basic({ name: '<script>alert(1)</script> রহিম' }),
      course: physics,
      parent1phone: '01812345678',
      customFields: { 'Blood Group': 'B+', Address: 'Mirpur, Dhaka', Unasked: 'dropped' },
    });
    expect(res.statusCode).toBe(201);
    // The PostgreSQL bus delivers through LISTEN/NOTIFY, a moment after the request.
    await until(() => events.includes('admission.submitted'), 'the live event');
    stop();
    expect(res.json()).toEqual({ id: expect.any(String), number: 1001, instituteId: t.accountId });
    const [row] = await applicationsOf(t.accountId);
    expect(row).toMatchObject({
      id: res.json().id,
      name: '<script>alert(1)</script> রহিম',
      phone: '+8801712345678',
      parent1_phone: '+8801812345678',
      parent2_phone: '',
      course_classroom_id: physics,
      status: 'Pending',
    });
    expect(JSON.parse(row!.custom_fields)).toEqual({ 'Blood Group': 'B+', Address: 'Mirpur, Dhaka' });
  });

  it('refuses every cross-field rule with its message, storing nothing', async () => {
    const { t } = await institution({
      collectPicture: true,
      collectParentsPhone: true,
      requireUniqueParentsPhone: true,
      collectAdditionalInfo: true,
      customFields: ['Blood Group', 'Date Of Birth', 'Address', 'School'],
    });
    const complete = {
      ...basic(),
      avatarURL: await issuedPicture(t.accountId),
      parent1phone: '01812345678',
      customFields: { 'Blood Group': 'A+', 'Date Of Birth': '01-02-2010', Address: 'Dhaka', School: 'Udoy' },
    };
    const cases: [object, keyof typeof MESSAGES][] = [
      [{ name: ' ' }, 'ADMISSION_NAME_REQUIRED'],
      [{ phone: '' }, 'ADMISSION_PHONE_REQUIRED'],
      [{ phone: '0171234' }, 'PHONE_MUST_BE_11_DIGITS'],
      [{ details: '' }, 'ADMISSION_DETAILS_REQUIRED'],
      [{ avatarURL: undefined }, 'ADMISSION_PICTURE_REQUIRED'],
      [{ parent1phone: '' }, 'ADMISSION_SUBMIT_PARENT_PHONE_REQUIRED'],
      [{ parent1phone: '01712345678' }, 'ADMISSION_PARENT_PHONE_NOT_UNIQUE'],
      [{ customFields: { ...complete.customFields, 'Blood Group': 'Z' } }, 'ADMISSION_BLOOD_GROUP_REQUIRED'],
      [
        { customFields: { ...complete.customFields, 'Date Of Birth': '31-02-2010' } },
        'ADMISSION_DATE_OF_BIRTH_REQUIRED',
      ],
      [{ customFields: { ...complete.customFields, Address: '' } }, 'ADMISSION_ADDRESS_REQUIRED'],
      [{ customFields: { ...complete.customFields, School: '' } }, 'ADMISSION_ADDITIONAL_INFO_REQUIRED'],
    ];
    for (const [change, code] of cases) {
      const res = await submit(t.accountId, { ...complete, ...change });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error, code).toMatchObject({ code, message: MESSAGES[code] });
    }
    expect(await applicationsOf(t.accountId)).toHaveLength(0);
    expect((await submit(t.accountId, complete)).statusCode).toBe(201);
  });

  it('tells whether a pending application of the last 90 days has the phone, and nothing else', async () => {
    const { t } = await institution();
    const phone = uniquePhone();
    const check = async (p: string) => {
      const res = await publicPost(t.accountId, '/phone-check', { phone: p });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json())).toEqual(['duplicate']);
      return res.json().duplicate as boolean;
    };
    expect(await check(phone)).toBe(false);
    expect((await submit(t.accountId, basic({ phone }))).statusCode).toBe(201);
    expect(await check(phone)).toBe(true);
    expect(await check(`0${phone.slice(4)}`)).toBe(true);
    expect(await check(`${phone}D`)).toBe(true);
    // The same phone at another institution is not a duplicate there.
    const other = await institution();
    expect((await publicPost(other.t.accountId, '/phone-check', { phone })).json().duplicate).toBe(false);

    // Older than 90 days: no longer a duplicate.
    const old = uniquePhone();
    expect((await submit(t.accountId, basic({ phone: old }))).statusCode).toBe(201);
    ctx.deps.clock.advance(DUPLICATE_WINDOW_MS + 60_000);
    try {
      expect(await check(old)).toBe(false);
    } finally {
      ctx.deps.clock.release();
    }

    // Accepted: no longer pending.
    const accepted = uniquePhone();
    const { id } = (await submit(t.accountId, basic({ phone: accepted }))).json();
    const room = await createClassroom(t.client, t.accountId, { name: `Dup ${Date.now()}` });
    const res = await t.client.post(`/api/accounts/${t.accountId}/admission/applications/${id}/accept`, {
      classroomIds: [room],
      welcomeSms: false,
    });
    expect(res.statusCode).toBe(200);
    expect(await check(accepted)).toBe(false);
  });

  it('refuses garbage, oversized and script-laden input with a 4xx, storing nothing', async () => {
    const { t } = await institution({ customFields: ['Address'] });
    const bad = [
      'not json at all',
      [],
      { ...basic(), name: 42 },
      { ...basic(), name: 'x'.repeat(201) },
      { ...basic(), details: 'x'.repeat(2001) },
      { ...basic(), avatarURL: 'javascript:alert(1)' },
      { ...basic(), avatarURL: '"><img src=x onerror=alert(1)>' },
      { ...basic(), customFields: { Address: 'y'.repeat(2001) } },
      { ...basic(), customFields: Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`f${i}`, 'x'])) },
    ];
    for (const body of bad) {
      const res = await anonymous().request({
        method: 'POST',
        url: `/api/public/admission/${t.accountId}/applications`,
        payload: typeof body === 'string' ? body : JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error.message).toBeTruthy();
    }
    const huge = await anonymous().request({
      method: 'POST',
      url: `/api/public/admission/${t.accountId}/applications`,
      payload: JSON.stringify({ ...basic(), details: 'x'.repeat(40 * 1024) }),
      headers: { 'content-type': 'application/json' },
      remoteAddress: freshIp(),
    });
    expect(huge.statusCode).toBe(413);
    expect(await applicationsOf(t.accountId)).toHaveLength(0);
  });

  it('limits submissions per address with 429', async () => {
    const { t } = await institution();
    const ip = freshIp();
    // The eleven submissions happen in the middle of one fixed window.
    ctx.deps.clock.midWindow(ADMISSION_RATE_LIMITS.submit.windowMs);
    let res: Awaited<ReturnType<typeof submit>>;
    try {
      for (let i = 0; i < ADMISSION_RATE_LIMITS.submit.max; i++) {
        expect((await submit(t.accountId, basic({ phone: uniquePhone() }), ip)).statusCode).toBe(201);
      }
      res = await submit(t.accountId, basic({ phone: uniquePhone() }), ip);
    } finally {
      ctx.deps.clock.release();
    }
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('ADMISSION_TOO_MANY');
    expect(res.headers['retry-after']).toBeDefined();
    expect(await applicationsOf(t.accountId)).toHaveLength(ADMISSION_RATE_LIMITS.submit.max);
    // Another address is not held back.
    expect((await submit(t.accountId, basic({ phone: uniquePhone() }))).statusCode).toBe(201);
  });
});
