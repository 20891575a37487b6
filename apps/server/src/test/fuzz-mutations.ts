import {
  buildCase,
  type Change,
  type FuzzCase,
  HOSTILE_TEXT,
  ODD_IDS,
  type RouteShape,
  replaced,
  stringLeaves,
} from './schema-fuzz';

/**
 * The second half of the schema fuzz (schema-fuzz.ts builds the shapes and the string cases):
 * values of the wrong type, missing and extra fields, deep nesting, wrong methods and content
 * types, hostile uploads, and seeded random combinations of all of them to reach a case count.
 */

/** A value of every JSON type, to put where another type belongs. */
const TYPE_SWAPS: [string, unknown][] = [
  ['number', 42],
  ['negative float', -1.5],
  ['huge number', 1e308],
  ['boolean', true],
  ['null', null],
  ['array', []],
  ['object', {}],
  ['string', 'text'],
];

const jsonType = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** Every value inside a body (objects and arrays included), with where it sits. */
function allLeaves(
  value: unknown,
  path: (string | number)[] = [],
): { path: (string | number)[]; value: unknown }[] {
  const here = path.length ? [{ path, value }] : [];
  if (Array.isArray(value)) return value.length ? [...here, ...allLeaves(value[0], [...path, 0])] : here;
  if (value && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([key, v]) => allLeaves(v, [...path, key]))];
  return here;
}

function without(value: unknown, path: (string | number)[]): unknown {
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return rest.length ? value.map((v, i) => (i === head ? without(v, rest) : v)) : [];
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length) copy[head as string] = without(copy[head as string], rest);
  else delete copy[head as string];
  return copy;
}

/** JSON nested `depth` levels deep, written as text: building it as a value would overflow the stack. */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Wrong types, missing and extra fields, deep nesting and huge bodies, for a route with a JSON body. */
export function bodyShapeCases(shape: RouteShape): FuzzCase[] {
  const { body } = shape;
  if (body === undefined) return [];
  const cases: FuzzCase[] = [];
  const build = (label: string, change: Change) => cases.push(buildCase(shape, label, change));
  const json = (payload: string) => ({ raw: { payload, contentType: 'application/json' } });

  for (const leaf of allLeaves(body)) {
    const where = leaf.path.join('.');
    for (const [what, value] of TYPE_SWAPS) {
      if (jsonType(value) === jsonType(leaf.value)) continue;
      build(`body ${where}: wrong type ${what}`, { body: replaced(body, leaf.path, value) });
    }
    build(`body ${where}: missing`, { body: without(body, leaf.path) });
  }
  for (const [what, value] of TYPE_SWAPS) build(`body: whole body is ${what}`, { body: value });
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const text = JSON.stringify(body);
    const spliced = (extra: string) => (text === '{}' ? `{${extra}}` : `{${extra},${text.slice(1)}`);
    build('body: extra field', { body: { ...body, extraField: 'x', role: 'Admin', isStaff: true } });
    build('body: empty object', { body: {} });
    build('raw __proto__ field', json(spliced('"__proto__":{"isStaff":true}')));
    build('raw constructor.prototype field', json(spliced('"constructor":{"prototype":{"isStaff":true}}')));
    build('raw duplicate keys', json(spliced(`${text.slice(1, -1) || '"a":1'}`)));
    build(
      'raw 5,000 extra fields',
      json(spliced(Array.from({ length: 5_000 }, (_, i) => `"f${i}":${i}`).join(','))),
    );
    build('raw objects nested 5,000 deep in a field', json(spliced(`"nested":${nestedObjects(5_000)}`)));
    build('raw arrays nested 20,000 deep in a field', json(spliced(`"nested":${nestedArrays(20_000)}`)));
  }
  const first = stringLeaves(body)[0];
  if (first) {
    build('body: 2 MB string', { body: replaced(body, first.path, 'ক'.repeat(700_000)) });
    build('body: nested objects in a string field', {
      body: replaced(body, first.path, { a: { b: { c: [1] } } }),
    });
  }
  build('raw JSON nested 20k deep', json(nestedArrays(20_000)));
  build('raw JSON in UTF-16', {
    raw: { payload: Buffer.from('{"a":"b"}', 'utf16le'), contentType: 'application/json; charset=utf-16' },
  });
  build('raw BOM then JSON', json(`\ufeff${JSON.stringify(body)}`));
  build('raw empty body', json(''));
  build('raw JSON as form', {
    raw: { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  });
  build('raw JSON as XML', { raw: { payload: '<a>1</a>', contentType: 'application/xml' } });
  build('raw JSON labelled multipart', {
    raw: { payload: JSON.stringify(body), contentType: 'multipart/form-data' },
  });
  build('raw JSON with no content type', { raw: { payload: JSON.stringify(body) } });
  build('raw JSON labelled gzip', { ...json(JSON.stringify(body)), headers: { 'content-encoding': 'gzip' } });
  return cases;
}

/** Query values of the wrong shape: words for numbers, repeats, empty. */
export function queryShapeCases(shape: RouteShape): FuzzCase[] {
  return Object.keys(shape.queryValues).flatMap((name) =>
    [
      ['word', 'abc'],
      ['negative', '-1'],
      ['infinite', '1e309'],
      ['fraction', '1.5'],
      ['empty', ''],
    ]
      .map(([what, value]) => buildCase(shape, `query ${name}: ${what}`, { query: { [name]: value! } }))
      .concat(
        buildCase(shape, `query ${name}: repeated`, { query: { [name]: ['1', 'x'] } }),
        buildCase(shape, `query ${name}[]: bracket form`, {
          query: { [`${name}[]`]: 'x', [`${name}[a]`]: 'y' },
        }),
      ),
  );
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Each documented path with the methods it does not take. */
export function wrongMethodCases(shapes: RouteShape[]): FuzzCase[] {
  const byTemplate = new Map<string, RouteShape[]>();
  for (const s of shapes) byTemplate.set(s.template, [...(byTemplate.get(s.template) ?? []), s]);
  const cases: FuzzCase[] = [];
  for (const [template, list] of byTemplate) {
    const taken = new Set(list.map((s) => s.method));
    for (const method of METHODS.filter((m) => !taken.has(m))) {
      const shape = { ...list[0]!, method, route: `${method} ${template}` };
      cases.push(buildCase(shape, `wrong method ${method}`));
    }
  }
  return cases;
}

// A 0-byte file, an HTML page and an SVG with a script under picture names, a truncated PNG.
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
);
const TRUNCATED_PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
/** One 60 MB body for every oversized case: it must be refused before it is read. */
let huge: Buffer | undefined;
const hugeBody = () => {
  huge ??= Buffer.alloc(60 * 1024 * 1024, 0x61);
  return huge;
};

const BOUNDARY = 'batchwisefuzz';
function multipart(
  parts: { field: string; name?: string; type?: string; body: Buffer }[],
  close = true,
): Buffer {
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.field}"${p.name === undefined ? '' : `; filename="${p.name}"`}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
    ),
    p.body,
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(close ? `--${BOUNDARY}--\r\n` : '')]);
}

/** Mislabelled, scripted, empty, truncated and oversized files, as multipart or as a raw body. */
export function uploadCases(shape: RouteShape): FuzzCase[] {
  if (!shape.upload) return [];
  const files: [string, string, string, Buffer][] = [
    ['HTML named .png', 'page.png', 'image/png', HTML],
    ['HTML labelled text/html', 'page.png', 'text/html', HTML],
    ['SVG with a script', 'logo.svg', 'image/svg+xml', SVG],
    ['SVG with a script named .png', 'logo.png', 'image/png', SVG],
    ['0-byte file', 'empty.png', 'image/png', Buffer.alloc(0)],
    ['truncated PNG', 'cut.png', 'image/png', TRUNCATED_PNG],
    ['hostile file name', '../../\u202egnp.exe\u0000.png', 'image/png', TRUNCATED_PNG],
  ];
  const form = `multipart/form-data; boundary=${BOUNDARY}`;
  const cases: FuzzCase[] = [];
  const build = (label: string, payload: Buffer, contentType: string) =>
    cases.push(buildCase(shape, label, { raw: { payload, contentType } }));
  if (shape.upload === 'raw') {
    for (const [what, , type, body] of files) build(`upload ${what}`, body, type);
    build('upload 60 MB', hugeBody(), 'image/png');
    return cases;
  }
  for (const [what, name, type, body] of files)
    build(`upload ${what}`, multipart([{ field: 'file', name, type, body }]), form);
  build('upload 60 MB', hugeBody(), form);
  build(
    'upload wrong field name',
    multipart([{ field: 'picture', name: 'a.png', type: 'image/png', body: TRUNCATED_PNG }]),
    form,
  );
  build('upload a field, no file', multipart([{ field: 'file', body: Buffer.from('not a file') }]), form);
  build(
    'upload two files',
    multipart([0, 1].map(() => ({ field: 'file', name: 'a.png', type: 'image/png', body: TRUNCATED_PNG }))),
    form,
  );
  build(
    'upload 50 fields',
    multipart(Array.from({ length: 50 }, (_, i) => ({ field: `f${i}`, body: Buffer.from('x') }))),
    form,
  );
  build(
    'upload unterminated',
    multipart([{ field: 'file', name: 'a.png', type: 'image/png', body: TRUNCATED_PNG }], false),
    form,
  );
  build(
    'upload without a boundary',
    multipart([{ field: 'file', name: 'a.png', type: 'image/png', body: TRUNCATED_PNG }]),
    'multipart/form-data',
  );
  build('upload empty multipart', Buffer.alloc(0), form);
  return cases;
}

/**
 * Seeded random combinations, to reach a case count: a route's valid-ish request with two or
 * three changes at once (a hostile string, a wrong type, a field gone, an odd id in the path).
 */
export function randomCases(shapes: RouteShape[], count: number, random: () => number): FuzzCase[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const values: unknown[] = [
    ...HOSTILE_TEXT.map(([, text]) => text),
    ...ODD_IDS,
    ...TYPE_SWAPS.map(([, v]) => v),
  ];
  const cases: FuzzCase[] = [];
  for (let i = 0; i < count; i++) {
    const shape = pick(shapes);
    let body = shape.body;
    const path: Record<string, string> = {};
    const query: Record<string, string> = {};
    const labels: string[] = [];
    for (let n = 2 + Math.floor(random() * 2); n > 0; n--) {
      const leaves = body === undefined ? [] : allLeaves(body);
      const where = random();
      if (leaves.length && where < 0.6) {
        const leaf = pick(leaves);
        const drop = random() < 0.2;
        body = drop ? without(body, leaf.path) : replaced(body, leaf.path, pick(values));
        labels.push(`${drop ? 'drop' : 'change'} body ${leaf.path.join('.')}`);
      } else if (Object.keys(shape.pathValues).length && where < 0.8) {
        const name = pick(Object.keys(shape.pathValues));
        path[name] = String(pick([...ODD_IDS, ...HOSTILE_TEXT.map(([, t]) => t.slice(0, 300))]));
        labels.push(`path ${name}`);
      } else {
        const name = Object.keys(shape.queryValues).length ? pick(Object.keys(shape.queryValues)) : 'q';
        query[name] = String(pick(values)).slice(0, 2_000);
        labels.push(`query ${name}`);
      }
    }
    cases.push(buildCase(shape, `random #${i}: ${labels.join(', ')}`, { path, query, body }));
  }
  return cases;
}
