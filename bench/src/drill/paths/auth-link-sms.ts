import { individualSmsCount } from '@batchwise/domain';
import { digest } from '../../../../apps/server/src/modules/auth/tokens';
import { DRILL_SMS_GRANT } from '../server';
import type { Findings, WritePath } from '../write-path';
import { addStudent, newSchool, type School } from './school';

const SMS_PER_LINK = individualSmsCount(1);
/** A teacher's quota runs out after DRILL_SMS_GRANT / 2 links: a fresh teacher takes over well before. */
const LINKS_PER_TEACHER = Math.floor(DRILL_SMS_GRANT / SMS_PER_LINK) - 50;

/** The key of a sign-in link in an SMS text or a link's URL (`/r/{key}`, `?key={key}`). */
const keyIn = (text: string) => /(?:\/r\/|key=)([A-Za-z0-9_-]{32})/.exec(text)?.[1];

/**
 * A student's sign-in link sent by SMS: the link, the quota it spends and its `sms.send` job are one
 * transaction. Each acknowledged link must be stored; every stored link (acknowledged or caught in
 * flight) must have exactly one job, and each teacher's spent quota must be 2 × its links.
 */
export function authLinkSmsPath(): WritePath {
  const schools: (School & { students: string[]; links: number })[] = [];
  const acked: string[] = [];
  let sent = 0;
  let answered = 0;
  let inFlightAtKill = 0;
  return {
    name: 'auth-link-sms',
    clients: 1,
    async prepare(ctx) {
      const current = schools.at(-1);
      if (current && current.links < LINKS_PER_TEACHER) return;
      const school = await newSchool(ctx);
      const students = [];
      for (let i = 0; i < 3; i++) students.push((await addStudent(ctx.api, school, ctx.unique())).id);
      schools.push({ ...school, students, links: 0 });
    },
    async write(ctx) {
      const school = schools.at(-1)!;
      if (school.links >= LINKS_PER_TEACHER + 40) return;
      const studentId = ctx.random.pick(school.students);
      school.links++;
      sent++;
      const reply = await ctx.api
        .send('POST', `/api/accounts/${school.accountId}/students/${studentId}/auth-link`, {
          body: { sendSms: true },
          cookie: school.cookie,
        })
        .catch(() => undefined);
      if (!reply) return;
      answered++;
      if (reply.status === 200 && reply.body.smsQueued) acked.push(keyIn(reply.body.url) ?? reply.body.url);
    },
    async verify(db) {
      inFlightAtKill += sent - answered;
      sent = answered = 0;
      const findings: Findings = { losses: [], duplicates: [] };
      const jobs = await db
        .selectFrom('jobs')
        .select(['id', 'payload'])
        .where('type', '=', 'sms.send')
        .execute();
      const jobsPerHash = new Map<string, number>();
      for (const job of jobs) {
        const key = keyIn(JSON.parse(job.payload).text);
        if (key) jobsPerHash.set(digest(key), (jobsPerHash.get(digest(key)) ?? 0) + 1);
      }
      const hashes = new Set(
        (await db.selectFrom('auth_links').select('key_hash').where('kind', '=', 'student').execute()).map(
          (r) => r.key_hash,
        ),
      );
      for (const key of acked) {
        if (!hashes.has(digest(key)))
          findings.losses.push(`sign-in link …${key.slice(-6)}: acknowledged, missing`);
      }
      for (const hash of hashes) {
        const count = jobsPerHash.get(hash) ?? 0;
        if (count === 0)
          findings.losses.push(`sign-in link ${hash.slice(0, 8)}: stored without its sms.send job`);
        if (count > 1) findings.duplicates.push(`sign-in link ${hash.slice(0, 8)}: ${count} sms.send jobs`);
      }
      for (const school of schools) {
        const account = await db
          .selectFrom('accounts')
          .select('sms_quota')
          .where('id', '=', school.accountId)
          .executeTakeFirstOrThrow();
        const links = await db
          .selectFrom('auth_links')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('account_id', '=', school.accountId)
          .where('kind', '=', 'student')
          .executeTakeFirstOrThrow();
        const spent = DRILL_SMS_GRANT - account.sms_quota;
        if (spent !== SMS_PER_LINK * Number(links.n)) {
          findings.losses.push(`quota of ${school.accountId}: ${spent} SMS spent for ${links.n} links`);
        }
        // The ledger adds up to the balance: no debit without its row, no row without its debit.
        const ledger = await db
          .selectFrom('sms_ledger')
          .select((eb) => eb.fn.sum<number>('delta').as('net'))
          .where('account_id', '=', school.accountId)
          .executeTakeFirstOrThrow();
        if (Number(ledger.net) !== account.sms_quota) {
          findings.losses.push(
            `ledger of ${school.accountId}: adds up to ${ledger.net}, quota ${account.sms_quota}`,
          );
        }
      }
      return findings;
    },
    figures: () => ({ acknowledged: acked.length, inFlightAtKill }),
  };
}
