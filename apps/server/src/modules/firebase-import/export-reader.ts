import { createReadStream } from 'node:fs';

/**
 * Scans a JSON document as it streams and hands back the raw text of every member of one
 * top-level object (`{"USERS": {"uid": {…}, …}}` → `["uid", '{…}']`), or of every item of one
 * top-level array. Only structure is tracked (depth, strings and their escapes); each member's
 * text is parsed by JSON.parse, which is many times faster than a token-by-token parser, and only
 * the member being read is held in memory. Reading stops at the end of the section.
 */
async function* members(file: string, name: string, array: boolean): AsyncGenerator<[string, string]> {
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** Where the string being read began, when it may be a key (depth 1 or 2); the last such key. */
  let stringStart = -1;
  let lastString = '';
  /** Inside the wanted section: the member's key, whether its value is next, where it began. */
  let inSection = false;
  let memberKey = '';
  let expectingValue = false;
  let valueStart = -1;
  let index = 0;
  let buffer = '';
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      // Keep only what a member or key still being read needs.
      const keep = Math.min(
        valueStart >= 0 ? valueStart : buffer.length,
        stringStart >= 0 ? stringStart : buffer.length,
      );
      let i = buffer.length - keep;
      buffer = buffer.slice(keep) + chunk;
      if (valueStart >= 0) valueStart -= keep;
      if (stringStart >= 0) stringStart -= keep;
      for (; i < buffer.length; i++) {
        const c = buffer.charCodeAt(i);
        if (inString) {
          if (escaped) escaped = false;
          else if (c === 92 /* \ */) escaped = true;
          else if (c === 34 /* " */) {
            inString = false;
            if (stringStart >= 0) lastString = JSON.parse(buffer.slice(stringStart, i + 1)) as string;
            stringStart = -1;
          }
          continue;
        }
        if (c === 32 || c === 10 || c === 13 || c === 9) continue;
        if (expectingValue && c !== 93 /* ] */) {
          valueStart = i;
          expectingValue = false;
        }
        if (c === 34) {
          inString = true;
          if (depth <= 2 && valueStart < 0) stringStart = i;
        } else if (c === 123 /* { */ || c === 91 /* [ */) {
          depth++;
          if (depth === 2) {
            inSection = lastString === name && (c === 91) === array;
            expectingValue = inSection && array;
          }
        } else if (c === 125 /* } */ || c === 93 /* ] */) {
          if (depth === 2 && inSection) {
            if (valueStart >= 0) yield [array ? String(index++) : memberKey, buffer.slice(valueStart, i)];
            return;
          }
          depth--;
        } else if (depth === 2 && inSection) {
          if (c === 58 /* : */) {
            memberKey = lastString;
            expectingValue = true;
          } else if (c === 44 /* , */ && valueStart >= 0) {
            yield [array ? String(index++) : memberKey, buffer.slice(valueStart, i)];
            valueStart = -1;
            expectingValue = array;
          }
        }
      }
    }
  } finally {
    stream.destroy();
  }
}

/**
 * The entries of one top-level section of a Realtime Database export (USERS, StudentArchive,
 * PARENT-STUDENT-MAPPER), one at a time and in file order, in flat memory. A missing section
 * yields nothing.
 */
export async function* exportSection(file: string, name: string): AsyncGenerator<[string, unknown]> {
  for await (const [key, text] of members(file, name, false)) yield [key, JSON.parse(text)];
}

/** The same entries as their JSON text, unparsed: an unchanged record is known by it alone. */
export function exportSectionText(file: string, name: string): AsyncGenerator<[string, string]> {
  return members(file, name, false);
}

/** The items of a top-level array (a Firebase Auth export's `users`), one at a time likewise. */
export async function* exportItems(file: string, name: string): AsyncGenerator<unknown> {
  for await (const [, text] of members(file, name, true)) yield JSON.parse(text);
}
