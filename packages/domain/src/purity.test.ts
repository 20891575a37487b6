/// <reference types="node" />
// The package runs unchanged in browsers and on the server, so its source (tests excepted) may
// use no Node API, no DOM-only API and nothing from apps/. The compiler cannot enforce this once
// a test file loads Node's types, so this test does.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const FORBIDDEN: ReadonlyArray<readonly [string, RegExp]> = [
  ['Node built-in import', /from\s+['"](node:|fs['"]|path['"]|crypto['"]|os['"]|url['"])/],
  ['import from apps/', /from\s+['"][^'"]*apps\//],
  ['React import', /from\s+['"]react/],
  ['process global', /\bprocess\./],
  ['Buffer global', /\bBuffer\b/],
  ['require()', /\brequire\(/],
  // A global's use, not a property of that name (`flag.window.percent`) or a sentence's end.
  ['DOM global', /(?<![.\w$])(window|document|localStorage)\.(?!\s)/],
];

const ALLOWED_PACKAGES = new Set(['zod']);

describe('package purity', () => {
  const files = sourceFiles(root);

  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((file) => [file.slice(root.length)]))('%s uses no Node, DOM or app APIs', (relative) => {
    const text = readFileSync(join(root, relative), 'utf8');
    for (const [what, pattern] of FORBIDDEN) expect(pattern.test(text), what).toBe(false);
    for (const match of text.matchAll(/from\s+['"]([^'".][^'"]*)['"]/g)) {
      expect(ALLOWED_PACKAGES.has(match[1] ?? ''), `package import ${match[1]}`).toBe(true);
    }
  });

  it('files stay under about 400 lines', () => {
    for (const file of files) expect(readFileSync(file, 'utf8').split('\n').length).toBeLessThan(420);
  });
});
