import fs from 'node:fs';
import path from 'node:path';

/** The product version, from the root package.json. */
export function readVersion(): string {
  const file = path.resolve(import.meta.dirname, '../../../../package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
