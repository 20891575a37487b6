import { defineConfig } from 'vitest/config';
import { scriptFontSheets } from './apps/web/vite/script-font-sheets.ts';

// One config, one project per package. Server tests open real databases, so they run in forked
// processes; vitest's default runs one file at a time on 2 cores (available parallelism less one),
// which leaves a core to PostgreSQL and the servers some tests start. Domain tests are pure and cheap.
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Tests that run the real server as processes of its own (the two-process soak).
        test: {
          name: 'bench',
          root: './bench',
          include: ['src/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The web's virtual modules (the font sheets' addresses) as the build has them.
        plugins: [scriptFontSheets()],
        test: { name: 'web', root: './apps/web', include: ['src/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
