/// <reference types="node" />
// The README promises to document every export with an example; this keeps the promise.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as domain from './index';

describe('README', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  it.each(Object.keys(domain))('documents %s', (name) => {
    expect(readme).toMatch(new RegExp(`\`${name}[\`(, ]`));
  });
});
