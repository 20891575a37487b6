import type { Findings, WritePath } from '../write-path';

/**
 * The job worker sending SMS (console driver: the outbox table). Nothing is written over HTTP:
 * the server's own worker is the writer. Each `sms.send` job must reach the outbox at most once
 * after every kill, and exactly once once the last start has drained the queue.
 */
export function smsDispatchPath(): WritePath {
  let sent = 0;
  let midJobKills = 0;
  return {
    name: 'sms-dispatch',
    clients: 0,
    async verify(db, stage) {
      const findings: Findings = { losses: [], duplicates: [] };
      const jobs = await db
        .selectFrom('jobs')
        .select(['id', 'status', 'payload'])
        .where('type', '=', 'sms.send')
        .execute();
      if (stage === 'kill' && jobs.some((j) => j.status === 'running')) midJobKills++;
      const outbox = await db.selectFrom('outbox').select(['to', 'body']).where('kind', '=', 'sms').execute();
      const copies = new Map<string, number>();
      for (const row of outbox)
        copies.set(`${row.to}\n${row.body}`, (copies.get(`${row.to}\n${row.body}`) ?? 0) + 1);
      sent = 0;
      for (const job of jobs) {
        const { to, text } = JSON.parse(job.payload) as { to: string; text: string };
        const count = copies.get(`${to}\n${text}`) ?? 0;
        if (count > 1)
          findings.duplicates.push(`sms.send job ${job.id} (${job.status}): sent ${count} times`);
        if (count > 0) sent++;
        if (stage === 'final' && job.status !== 'done')
          findings.losses.push(`sms.send job ${job.id}: ${job.status}`);
        if (stage === 'final' && count === 0) findings.losses.push(`sms.send job ${job.id}: never sent`);
        if (job.status === 'done' && count === 0)
          findings.losses.push(`sms.send job ${job.id}: done, not sent`);
      }
      return findings;
    },
    // "Acknowledged" here: SMS in the outbox; "in flight": kills that caught an SMS job running.
    figures: () => ({ acknowledged: sent, inFlightAtKill: midJobKills }),
  };
}
