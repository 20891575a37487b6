/// <reference types="node" />
// The web app's one-way rule (DESIGN.md §3.1): shared code (components/, lib/) imports neither
// features nor app/; a feature imports shared code but no other feature and not app/; app/ (the
// routes) composes features. Entry points (main.tsx, prerender/) stand above app/. The compiler
// cannot see layers, so this test does, for every relative import, side-effect import and dynamic import().
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The layer of a file: `shared`, `feature:<name>`, `app` or `entry`. */
function layerOf(file: string): string {
  const [top, second] = relative(root, file).split(sep);
  if (top === 'components' || top === 'lib') return 'shared';
  if (top === 'features') return `feature:${second}`;
  if (top === 'app') return 'app';
  return 'entry';
}

const RANK: Record<string, number> = { shared: 0, feature: 1, app: 2, entry: 3 };
const rankOf = (layer: string) => RANK[layer.split(':')[0] ?? ''] ?? 0;

/** Why an import from one layer to another breaks the rule, if it does. */
function violation(from: string, to: string): string | undefined {
  if (from === to) return undefined;
  if (from.startsWith('feature:') && to.startsWith('feature:')) return 'a feature imports another feature';
  if (rankOf(to) > rankOf(from)) return `${from} imports upward from ${to}`;
  return undefined;
}

describe('web architecture', () => {
  const files = sourceFiles(root);

  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('imports only downward: app → features → shared, and features never import each other', () => {
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:from\s+|import\s*\(?)\s*['"](\.[^'"]+)['"]/g)) {
        const target = resolve(dirname(file), match[1]!);
        const why = violation(layerOf(file), layerOf(target));
        if (why) found.push(`${relative(root, file)} → ${match[1]}: ${why}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('tells a violation when it sees one', () => {
    expect(violation('feature:students', 'feature:archive')).toBe('a feature imports another feature');
    expect(violation('shared', 'app')).toBe('shared imports upward from app');
    expect(violation('feature:auth', 'app')).toBe('feature:auth imports upward from app');
    expect(violation('app', 'feature:auth')).toBeUndefined();
    expect(violation('entry', 'app')).toBeUndefined();
  });
});
