import type { TestClient } from './http';

// tus 1.0 requests through a test client (modules/uploads), as tus-js-client sends them.

export const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (text: string) => Buffer.from(text).toString('base64');

export function tusCreate(
  client: TestClient,
  upload: { accountId: string; length: number; purpose?: string; name?: string },
) {
  const meta = [
    `accountId ${b64(upload.accountId)}`,
    `purpose ${b64(upload.purpose ?? 'classroom-file')}`,
    `filename ${b64(upload.name ?? 'notes.pdf')}`,
    `filetype ${b64('application/pdf')}`,
  ].join(',');
  return client.request({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...TUS, 'upload-length': String(upload.length), 'upload-metadata': meta },
  });
}

export function tusPatch(client: TestClient, location: string, offset: number, bytes: Buffer) {
  return client.request({
    method: 'PATCH',
    url: location,
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
}

export function tusHead(client: TestClient, location: string) {
  return client.request({ method: 'HEAD', url: location, headers: TUS });
}

/** Uploads a whole file in one PATCH; returns the upload id. */
export async function tusUpload(
  client: TestClient,
  accountId: string,
  bytes: Buffer,
  name = 'notes.pdf',
): Promise<string> {
  const created = await tusCreate(client, { accountId, length: bytes.length, name });
  if (created.statusCode !== 201) throw new Error(`upload not created: ${created.body}`);
  const location = created.headers.location as string;
  const sent = await tusPatch(client, location, 0, bytes);
  if (sent.statusCode !== 204) throw new Error(`upload refused: ${sent.body}`);
  return location.split('/').pop()!;
}
