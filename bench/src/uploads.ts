import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Figure } from './lib';
import { signUpTeacher } from './students';

const SIZE = Number(process.env.BENCH_UPLOAD_BYTES ?? 1024 ** 3);
const TUS = { 'tus-resumable': '1.0.0', 'x-batchwise-csrf': '1' };
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** A PDF of `SIZE` bytes (a signature, then filler), written once for both runs. */
async function bigPdf(file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  const block = Buffer.alloc(8 * 1024 * 1024, 0x20);
  out.write('%PDF-1.7\n');
  let left = SIZE - 9;
  while (left > 0) {
    const part = left >= block.length ? block : block.subarray(0, left);
    if (!out.write(part)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    left -= part.length;
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

function request(
  url: string,
  options: http.RequestOptions,
  body?: { file: string; start: number; cutAt?: number },
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, options, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', (error) =>
      body?.cutAt !== undefined ? resolve({ status: 0, headers: {} }) : reject(error),
    );
    if (!body) return void req.end();
    const stream = fs.createReadStream(body.file, { start: body.start });
    let sent = body.start;
    stream.on('data', (chunk) => {
      sent += chunk.length;
      if (body.cutAt !== undefined && sent >= body.cutAt) {
        stream.destroy();
        req.destroy();
      }
    });
    stream.pipe(req);
  });
}

async function create(appUrl: string, cookie: string, accountId: string): Promise<string> {
  const meta = `accountId ${b64(accountId)},purpose ${b64('classroom-file')},filename ${b64('bench.pdf')}`;
  const res = await request(`${appUrl}/api/uploads`, {
    method: 'POST',
    headers: { ...TUS, cookie, 'upload-length': String(SIZE), 'upload-metadata': meta },
  });
  if (res.status !== 201) throw new Error(`upload not created: ${res.status}`);
  return `${appUrl}${res.headers.location}`;
}

function patch(location: string, cookie: string, file: string, offset: number, cutAt?: number) {
  return request(
    location,
    {
      method: 'PATCH',
      headers: {
        ...TUS,
        cookie,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(SIZE - offset),
      },
    },
    { file, start: offset, cutAt },
  );
}

/**
 * A 1 GB upload through tus on loopback, against a plain stream copy of the same file (goal:
 * at least half its speed; the upload also checks the file and moves it into storage), and an
 * upload cut at 50 % that resumes from the offset the server kept.
 */
export async function uploadFigures(appUrl: string, dataDir: string): Promise<Figure[]> {
  const file = path.join(dataDir, 'bench-upload.pdf');
  await bigPdf(file);
  try {
    const copyStart = performance.now();
    await pipeline(fs.createReadStream(file), fs.createWriteStream(`${file}.copy`));
    const copyMs = performance.now() - copyStart;
    await fsp.rm(`${file}.copy`);

    const { cookie, accountId } = await signUpTeacher(appUrl);
    const uploadStart = performance.now();
    const location = await create(appUrl, cookie, accountId);
    const sent = await patch(location, cookie, file, 0);
    const uploadMs = performance.now() - uploadStart;
    if (sent.status !== 204) throw new Error(`upload refused: ${sent.status}`);

    const resumeStart = performance.now();
    const again = await create(appUrl, cookie, accountId);
    await patch(again, cookie, file, 0, SIZE / 2);
    let offset = -1;
    for (let i = 0; i < 100 && offset < 0; i++) {
      const head = await request(again, { method: 'HEAD', headers: { ...TUS, cookie } });
      if (head.status === 200) offset = Number(head.headers['upload-offset']);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const rest = await patch(again, cookie, file, offset);
    const resumeMs = performance.now() - resumeStart;
    const ratio = copyMs / uploadMs;
    return [
      { figure: 'plain copy of 1 GB', value: Math.round(copyMs), unit: 'ms' },
      { figure: 'tus upload of 1 GB on loopback', value: Math.round(uploadMs), unit: 'ms' },
      {
        figure: 'tus upload speed / plain copy speed',
        value: Math.round(ratio * 100) / 100,
        unit: 'x',
        goal: '>= 0.5',
        met: ratio >= 0.5,
      },
      { figure: 'tus upload cut at 50 %: offset kept', value: Math.round((offset / SIZE) * 100), unit: '%' },
      {
        figure: 'tus upload cut at 50 % and resumed',
        value: Math.round(resumeMs),
        unit: 'ms',
        goal: 'completes',
        met: rest.status === 204,
      },
    ];
  } finally {
    await fsp.rm(file, { force: true });
  }
}
