import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { scheduleRecurringJobs } from './recurring-jobs';

// A recurring job whose type no handler takes would fail every run and end its chain silently
// (each run schedules the next): every job the server and the stand-alone worker schedule at start
// must have a handler in the worker the composition root makes.

describe.each(DIALECTS)('recurring jobs [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('schedules only jobs the worker has a handler for', async () => {
    await scheduleRecurringJobs(ctx.deps.config, ctx.deps.jobs, ctx.deps.clock);
    const rows = await ctx.deps.db.kysely.selectFrom('jobs').select('type').distinct().execute();
    const types = rows.map((row) => row.type);
    expect(types).toEqual(
      expect.arrayContaining(['dues.month-start', 'dues-reminders.daily', 'rate-limits.prune']),
    );
    const worker = ctx.deps.createWorker();
    expect(types.filter((type) => !worker.handles(type))).toEqual([]);
  });
});
