import { afterAll, describe, expect, it } from 'vitest';
import { Soak } from './soak';

const adminUrl = process.env.TEST_DATABASE_URL || undefined;
/** Short here; `npm run drill` runs it for DRILL_SOAK_SECONDS. */
const SECONDS = Number(process.env.SOAK_SECONDS ?? 12);
const SKIPPED = 'PostgreSQL only: set TEST_DATABASE_URL to run it';

// The scale-out configuration (two API processes and a worker on PostgreSQL, behind a balancer)
// exists only on PostgreSQL: SQLite is one process's file.
describe('two API processes and a worker on PostgreSQL behind a round-robin balancer', () => {
  const soak = adminUrl
    ? new Soak({
        adminUrl,
        seconds: SECONDS,
        seed: Date.now() % 2 ** 31,
        progress: (line) => process.stderr.write(`${line}\n`),
      })
    : undefined;
  afterAll(async () => {
    await soak?.stop();
  }, 60_000);

  it('loses and duplicates nothing of a realistic mix, and counts each limit once across both', async (ctx) => {
    if (!soak) {
      // Said on stderr too: the default reporter shows a skip's note only in verbose mode.
      process.stderr.write(`two-process soak skipped: ${SKIPPED}\n`);
      return ctx.skip(SKIPPED);
    }
    const report = await soak.run().catch((error: unknown) => {
      throw new Error(`${String(error)}\n${soak.lastLines()}`);
    });
    for (const figure of report.figures) process.stdout.write(`${JSON.stringify(figure)}\n`);
    expect(report.problems).toEqual([]);
    expect(report.clean).toBe(true);
    // Well under a minute on a quiet 2-core machine; the timeout is generous for a shared one.
  }, 300_000);
});
