import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportItems, exportSection } from './export-reader';

function file(text: string): string {
  const name = path.join(mkdtempSync(path.join(tmpdir(), 'export-reader-')), 'export.json');
  writeFileSync(name, text);
  return name;
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('export reader', () => {
  it('hands back each member of a section whatever its value, with keys and strings that look like structure', async () => {
    const tree = {
      decoy: 'USERS',
      USERS: { 'a b': 1, 'k"q': 'v,}', e: {}, n: null, arr: [1, { z: '}' }], deep: { x: { y: ['[', '{'] } } },
      empty: {},
    };
    for (const text of [JSON.stringify(tree), JSON.stringify(tree, null, 2)]) {
      const at = file(text);
      expect(await all(exportSection(at, 'USERS'))).toEqual(Object.entries(tree.USERS));
      expect(await all(exportSection(at, 'empty'))).toEqual([]);
      expect(await all(exportSection(at, 'missing'))).toEqual([]);
    }
  });

  it('reads the items of a top-level array', async () => {
    const users = [{ localId: 'a', note: 'x"}]' }, 2, 's', [1], { b: { c: [] } }];
    const at = file(JSON.stringify({ other: [9], users, after: [] }, null, 1));
    expect(await all(exportItems(at, 'users'))).toEqual(users);
  });

  it('reads a member larger than one read of the file', async () => {
    const big = {
      students: Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`s${i}`, { n: i }])),
    };
    const at = file(JSON.stringify({ USERS: { one: big, two: 2 } }));
    expect(await all(exportSection(at, 'USERS'))).toEqual([
      ['one', big],
      ['two', 2],
    ]);
  });
});
