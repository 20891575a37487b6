import { seededRandom } from '../lib/seeded-random';
import type { World } from './world';

/**
 * Builds hostile requests from the app's own OpenAPI document, so every route (including ones
 * added later) is fuzzed without anyone listing it: a valid-ish request from the route's schema,
 * then one bad value at a time in each string of its body, query and path, plus malformed bodies.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
};

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}

interface Operation {
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export interface FuzzCase {
  route: string;
  label: string;
  method: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

/** Text no request may carry into the database, and text that is legal but unusual. */
export const HOSTILE_TEXT: [string, string][] = [
  ['NUL', 'a\u0000b'],
  ['C0 controls', 'a\u0001\u0008\u001b\u001fb'],
  ['unpaired high surrogate', 'a\ud800b'],
  ['unpaired low surrogate', 'a\udfffb'],
  ['trailing high surrogate', 'ab\udbff'],
  ['RTL marks', '\u202eevil\u200f\u061c'],
  ['100k characters', 'x'.repeat(100_000)],
];

/** Odd identifiers: traversal, SQL, the spec's "undefined" address, other scripts, huge numbers. */
export const ODD_IDS = [
  'undefined',
  '../../etc/passwd',
  "' OR 1=1 --",
  '%',
  '\\',
  '-1',
  '9'.repeat(40),
  'ক্লাস',
  '😀',
  '__proto__',
  ' ',
];

/** Percent-encodes code unit by code unit, so unpaired surrogates become the bytes a hostile client would send. */
export function encodeLoosely(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      // WTF-8 bytes of the lone surrogate: what a broken client puts on the wire.
      out +=
        `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** A plausible value for a field, by its name first (ids of the world, phones, e-mails), then its schema. */
export function valueFor(schema: JsonSchema | undefined, name: string, world: World, depth = 0): unknown {
  if (!schema || depth > 6) return 'fuzz';
  const byName = namedValue(name, world);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return name === 'format' && schema.enum.includes('xlsx') ? 'xlsx' : schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return valueFor(variants[0], name, world, depth + 1);
  if (schema.allOf?.length) return valueFor(Object.assign({}, ...schema.allOf), name, world, depth + 1);
  const type = [schema.type ?? 'string'].flat().find((t) => t !== 'null') ?? 'string';
  switch (type) {
    case 'string':
      if (typeof byName === 'string') return byName;
      if (schema.format === 'email') return 'fuzz@school.test';
      if (schema.format === 'date-time') return new Date(0).toISOString();
      if (schema.format === 'uri') return 'https://example.com/';
      return 'Fuzz text'.padEnd(schema.minLength ?? 0, 'x');
    case 'integer':
    case 'number':
      return schema.default ?? Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'array': {
      const item = valueFor(schema.items, name.replace(/s$/, ''), world, depth + 1);
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => item);
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {}))
        out[key] = valueFor(sub, key, world, depth + 1);
      if (!schema.properties && typeof schema.additionalProperties === 'object')
        out['Fuzz field'] = valueFor(schema.additionalProperties, 'value', world, depth + 1);
      return out;
    }
    default:
      return null;
  }
}

function namedValue(name: string, world: World): string | undefined {
  if (/^accountId$/i.test(name)) return world.accounts.A;
  if (/^studentIds?$/i.test(name)) return world.students.A;
  if (/^classroomIds?$/i.test(name)) return world.classrooms.A;
  if (/^userId$/i.test(name)) return world.users.assistantA;
  if (/phone/i.test(name)) return '+8801712345678';
  if (/email/i.test(name)) return 'fuzz@school.test';
  if (/password/i.test(name)) return 'correct horse battery staple';
  if (/^url$/i.test(name)) return '/teacher/dashboard';
  return undefined;
}

type Leaf = { path: (string | number)[]; value: string };

/** Every string inside a value, with where it sits. */
export function stringLeaves(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (typeof value === 'string') return [{ path, value }];
  if (Array.isArray(value)) return value.length ? stringLeaves(value[0], [...path, 0]) : [];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, v]) => stringLeaves(v, [...path, key]));
  return [];
}

export function replaced(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (!path.length) return next;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaced(copy[head!], rest, next);
  return copy;
}

/**
 * Routes hidden from the document (short links, locale files) still take hostile paths: those with
 * path parameters are added as operations with string parameters. Wildcards are file paths, left
 * to their routes.
 */
export function withHiddenRoutes(
  doc: OpenApiDocument,
  routes: { method: string; url: string }[],
): OpenApiDocument {
  const paths = { ...doc.paths };
  for (const { method, url } of routes) {
    if (!url.includes(':') || url.includes('*') || url.startsWith('/api/docs')) continue;
    const template = url.replace(/:(\w+)/g, '{$1}');
    const lower = method.toLowerCase();
    if (paths[template]?.[lower]) continue;
    const parameters = [...url.matchAll(/:(\w+)/g)].map(
      ([, name]) => ({ in: 'path', name: name!, schema: { type: 'string' } }) as Parameter,
    );
    paths[template] = { ...paths[template], [lower]: { parameters } };
  }
  return { paths };
}

/** What a route takes, from its operation: the base of every case sent to it. */
export interface RouteShape {
  route: string;
  method: string;
  template: string;
  pathValues: Record<string, string>;
  queryValues: Record<string, string>;
  /** A valid-ish JSON body, when the route documents one. */
  body: unknown;
  /** How the route takes a body the document cannot describe (its summary says). */
  upload?: 'multipart' | 'raw';
}

export interface Change {
  path?: Record<string, string>;
  query?: Record<string, string | string[]>;
  body?: unknown;
  /** Sent as is, with this content type. */
  raw?: { payload: string | Buffer; contentType?: string };
  headers?: Record<string, string>;
}

/** Every documented operation as a shape, in a stable order. */
export function routeShapes(doc: OpenApiDocument, world: World): RouteShape[] {
  const shapes: RouteShape[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [lower, op] of Object.entries(operations)) {
      const method = lower.toUpperCase();
      const params = op.parameters ?? [];
      const pathValues = Object.fromEntries(
        params.filter((p) => p.in === 'path').map((p) => [p.name, String(valueFor(p.schema, p.name, world))]),
      );
      const queryValues = Object.fromEntries(
        params
          .filter((p) => p.in === 'query')
          .map((p) => [p.name, valueFor(p.schema, p.name, world)] as const)
          .filter(([, v]) => v !== null && v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      );
      const json = op.requestBody?.content['application/json']?.schema;
      // The zod transform drops `consumes`, so uploads are known by the summary that names their body.
      const upload = /multipart/i.test(op.summary ?? '')
        ? 'multipart'
        : /\braw\b/i.test(op.summary ?? '')
          ? 'raw'
          : undefined;
      shapes.push({
        route: `${method} ${template}`,
        method,
        template,
        pathValues,
        queryValues,
        body: json ? valueFor(json, 'body', world) : undefined,
        ...(upload ? { upload } : {}),
      });
    }
  }
  return shapes;
}

/** One request to a route: its valid-ish parts with one change. */
export function buildCase(shape: RouteShape, label: string, change: Change = {}): FuzzCase {
  const p = { ...shape.pathValues, ...change.path };
  const q = { ...shape.queryValues, ...change.query };
  const url =
    shape.template.replace(/\{(\w+)\}/g, (_, name: string) => encodeLoosely(p[name] ?? 'x')) +
    (Object.keys(q).length
      ? `?${Object.entries(q)
          .flatMap(([k, v]) => [v].flat().map((one) => `${k}=${encodeLoosely(one)}`))
          .join('&')}`
      : '');
  const payload = 'body' in change ? change.body : shape.body;
  const base = { route: shape.route, label, method: shape.method, url, headers: change.headers };
  if (change.raw) return { ...base, payload: change.raw.payload, contentType: change.raw.contentType };
  if (payload === undefined) return base;
  return { ...base, payload: JSON.stringify(payload), contentType: 'application/json' };
}

/** The structured cases for every documented route, in a stable order. */
export function fuzzCases(doc: OpenApiDocument, world: World, seed = 19): FuzzCase[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const cases: FuzzCase[] = [];
  for (const shape of routeShapes(doc, world)) {
    const { body, method } = shape;
    const build = (label: string, change?: Change) => cases.push(buildCase(shape, label, change));
    const raw = (label: string, payload: string, contentType = 'application/json') =>
      build(label, { raw: { payload, contentType } });

    build('valid-ish');
    for (const name of Object.keys(shape.pathValues)) {
      for (const [what, text] of HOSTILE_TEXT) build(`path ${name}: ${what}`, { path: { [name]: text } });
      for (const id of ODD_IDS) build(`path ${name}: odd id ${JSON.stringify(id)}`, { path: { [name]: id } });
    }
    for (const name of Object.keys(shape.queryValues)) {
      for (const [what, text] of HOSTILE_TEXT) build(`query ${name}: ${what}`, { query: { [name]: text } });
      build(`query ${name}: odd id`, { query: { [name]: pick(ODD_IDS) } });
    }
    if (body !== undefined) {
      for (const leaf of stringLeaves(body)) {
        const where = leaf.path.join('.') || '(root)';
        for (const [what, text] of HOSTILE_TEXT)
          build(`body ${where}: ${what}`, { body: replaced(body, leaf.path, text) });
        build(`body ${where}: odd id`, { body: replaced(body, leaf.path, pick(ODD_IDS)) });
      }
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        build('body: key with NUL', { body: { ...body, 'a\u0000b': 'x' } });
        build('body: key with unpaired surrogate', { body: { ...body, 'a\ud800': 'x' } });
      }
      raw('raw malformed JSON', '{"name": "unterminated');
      raw('raw JSON with a NUL escape', '{"name":"a\\u0000b"}');
      raw('raw JSON array', '[1,2,3]');
      raw('raw JSON nested 100k deep', `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
      raw('raw text/plain body', 'name=x', 'text/plain');
    } else if (method === 'POST' || method === 'PUT') {
      // Uploads (multipart) and bodiless writes: only the wrong content types.
      raw('raw malformed JSON', '{"name": "unterminated');
      raw('raw text/plain body', 'name=x', 'text/plain');
    }
  }
  return cases;
}

/** Signs of internals in a response body: stack frames, SQL, driver and Node error codes. */
export const LEAK_PATTERN =
  /\n\s+at |\.ts:\d+|node_modules|\bERR_[A-Z_]+|FST_|SQLITE|SqliteError|\bSELECT\b[\s\S]*\bFROM\b|INSERT INTO|violates|invalid byte sequence|"stack"/;
