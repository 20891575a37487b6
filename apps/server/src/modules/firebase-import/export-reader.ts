import { createReadStream } from 'node:fs';
import chain from 'stream-chain';
import pick from 'stream-json/filters/pick.js';
import parser from 'stream-json/parser.js';
import streamArray from 'stream-json/streamers/stream-array.js';
import streamObject from 'stream-json/streamers/stream-object.js';

/**
 * The entries of one top-level section of a Realtime Database export (USERS, StudentArchive,
 * PARENT-STUDENT-MAPPER), one at a time and in file order: only the entry being read is ever
 * held in memory, so an export of any size is read in flat memory. The parse stops at the end
 * of the section; a missing section yields nothing.
 */
export async function* exportSection(file: string, name: string): AsyncGenerator<[string, unknown]> {
  const pipeline = chain([
    createReadStream(file),
    parser(),
    pick({ filter: (stack) => stack.length === 1 && stack[0] === name, once: true }),
    streamObject(),
  ]);
  for await (const item of pipeline as AsyncIterable<{ key: string; value: unknown }>)
    yield [item.key, item.value];
}

/** The items of a top-level array (a Firebase Auth export's `users`), one at a time likewise. */
export async function* exportItems(file: string, name: string): AsyncGenerator<unknown> {
  const pipeline = chain([
    createReadStream(file),
    parser(),
    pick({ filter: (stack) => stack.length === 1 && stack[0] === name, once: true }),
    streamArray(),
  ]);
  for await (const item of pipeline as AsyncIterable<{ value: unknown }>) yield item.value;
}
