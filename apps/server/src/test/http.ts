import { CSRF_HEADER } from '@batchwise/domain';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { SESSION_COOKIE } from '../plugins/authenticate';

/**
 * A browser-like client over app.inject: it keeps the session cookie it is given and sends the
 * CSRF header our web app sends.
 */
export class TestClient {
  constructor(
    private readonly app: FastifyInstance,
    public cookie?: string,
  ) {}

  async request(options: InjectOptions & { csrf?: boolean }) {
    const { csrf = true, ...rest } = options;
    const res = await this.app.inject({
      ...rest,
      headers: {
        ...(csrf ? { [CSRF_HEADER]: '1' } : {}),
        ...(this.cookie ? { cookie: `${SESSION_COOKIE}=${this.cookie}` } : {}),
        ...rest.headers,
      },
    });
    const set = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (set) this.cookie = set.value || undefined;
    return res;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  post(url: string, payload?: object) {
    return this.request({ method: 'POST', url, payload: payload ?? {} });
  }

  put(url: string, payload?: object) {
    return this.request({ method: 'PUT', url, payload: payload ?? {} });
  }

  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
}

/** A multipart/form-data body with one file, as a browser would send it. */
export async function multipartFile(field: string, name: string, type: string, bytes: Buffer) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
