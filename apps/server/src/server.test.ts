import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from './test/test-deps';

/** The real entry point as a process: start-up, migration, and a graceful stop on SIGTERM. */
describe('server process', () => {
  let database: TestDatabase;
  let child: ChildProcess;
  let baseUrl: string;
  let stdout = '';

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
      env: { ...process.env, ...database.env, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'true' },
    });
    baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start: ${stdout}`)), 30_000);
      child.stdout?.on('data', (chunk) => {
        stdout += chunk;
        const match = /running on (http:\/\/localhost:\d+)/.exec(stdout);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!.replace('localhost', '127.0.0.1'));
        }
      });
    });
  });
  afterAll(async () => {
    child.kill('SIGKILL');
    await database.drop();
  });

  it('migrates an empty database and serves', async () => {
    const res = await fetch(`${baseUrl}/api/health`);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'sqlite' });
  });

  it('stops cleanly on SIGTERM even with a live-update stream open', async () => {
    const stream = await fetch(`${baseUrl}/api/events`);
    const reader = stream.body!.getReader();
    await reader.read(); // the stream is open
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    // The stream was ended by the server, not left hanging.
    let done = false;
    while (!done) done = (await reader.read().catch(() => ({ done: true }))).done;
    expect(done).toBe(true);
  });
});
