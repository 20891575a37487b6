import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/**
 * `npm test`: lint, typecheck, unit + integration tests (SQLite always, PostgreSQL too when
 * TEST_DATABASE_URL is set), a short crash drill on each database, then the browser tests against
 * the built app. Every step runs even when an earlier one fails, and the last line sums them all
 * as "N passed, N failed".
 */
const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp/test-reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

let passed = 0;
let failed = 0;
let skipped = 0;
const summary: string[] = [];

/** The first line of a failure, without colour codes, short enough for the summary. */
const firstLine = (message: string | undefined) =>
  stripVTControlCharacters(message ?? '')
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? '';

type VitestFile = {
  name: string;
  status: string;
  message?: string;
  assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
};
/** Each failed test (or file that failed outside its tests) as a line, so a CI log's tail names it. */
function vitestFailures(files: VitestFile[]): string[] {
  return files.flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = file.assertionResults
      .filter((a) => a.status === 'failed')
      .map((a) => `    ${where} › ${a.fullName}: ${firstLine(a.failureMessages[0])}`);
    if (tests.length === 0 && file.status === 'failed') return [`    ${where}: ${firstLine(file.message)}`];
    return tests;
  });
}

type PlaywrightSuite = {
  title: string;
  file: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    line: number;
    tests: { projectName: string; status: string; results: { errors: { message?: string }[] }[] }[];
  }[];
};
function playwrightFailures(suites: PlaywrightSuite[]): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected')
        .map((t) => {
          const error = t.results.at(-1)?.errors[0]?.message;
          return `    [${t.projectName}] ${suite.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`;
        }),
    ),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  process.stdout.write(`\n━━ ${title}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(title: string, command: string, args: string[]): void {
  const ok = run(title, command, args);
  ok ? passed++ : failed++;
  summary.push(`${ok ? '✔' : '✘'} ${title}`);
}

check('Lint (Biome)', bin('biome'), ['check', '.']);
check('Typecheck', 'npm', ['run', '--silent', 'typecheck']);

const dialects = process.env.TEST_DATABASE_URL
  ? 'SQLite and PostgreSQL'
  : 'SQLite (set TEST_DATABASE_URL for PostgreSQL too)';
const vitestJson = path.join(reports, 'vitest.json');
const vitestOk = run(`Unit and integration tests on ${dialects}`, bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (vitestOk || r.numFailedTests ? 0 : 1);
  skipped += r.numPendingTests + r.numTodoTests;
  summary.push(
    `${vitestOk ? '✔' : '✘'} vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed — integration on ${dialects}`,
    ...vitestFailures(r.testResults),
  );
} else {
  failed++;
  summary.push('✘ vitest produced no report');
}

// Crash drills: `npm run drill` in short, on each database the tests use (the two-process soak
// runs in short among the vitest tests, bench/src/soak).
for (const db of process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']) {
  const title = `Crash drill on ${db} (5 kills)`;
  const ok = run(title, process.execPath, ['--import', 'tsx', 'bench/src/drill/run.ts'], {
    DRILL_RUNS: '5',
    DRILL_DB: db,
    DRILL_SOAK_SECONDS: '0',
  });
  ok ? passed++ : failed++;
  summary.push(`${ok ? '✔' : '✘'} ${title}`);
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (process.env.SKIP_E2E === '1') {
  summary.push('- browser tests skipped (SKIP_E2E=1)');
} else if (!fs.existsSync(chromium)) {
  failed++;
  summary.push(`✘ browser tests: no Chromium at ${chromium} (apt-get install chromium, or SKIP_E2E=1)`);
} else {
  const built = run('Build the web app for the browser tests', 'npm', ['run', '--silent', 'build']);
  const playwrightJson = path.join(reports, 'playwright.json');
  const e2eOk =
    built &&
    run(
      'Browser tests (Playwright + Chromium)',
      bin('playwright'),
      ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    );
  if (built && fs.existsSync(playwrightJson)) {
    const report = JSON.parse(fs.readFileSync(playwrightJson, 'utf8'));
    const s = report.stats;
    passed += s.expected + s.flaky;
    failed += s.unexpected + (e2eOk || s.unexpected ? 0 : 1);
    skipped += s.skipped;
    const version = spawnSync(chromium, ['--version'], { encoding: 'utf8' }).stdout.trim();
    summary.push(
      `${e2eOk ? '✔' : '✘'} browser tests in ${version}: ${s.expected + s.flaky} passed, ${s.unexpected} failed`,
      ...playwrightFailures(report.suites),
    );
  } else {
    failed++;
    summary.push(built ? '✘ browser tests produced no report' : '✘ web build failed');
  }
}

process.stdout.write(`\n━━ Summary\n${summary.join('\n')}\n\n`);
process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 ? 1 : 0);
