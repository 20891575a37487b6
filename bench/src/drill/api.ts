/** The drill's HTTP client: JSON in and out, the CSRF header, a session cookie when given. */
export interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field where used
  body: any;
  headers: Headers;
}

export class Api {
  /** The server's address; it changes with every restart (PORT=0). */
  url = '';

  async send(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    path: string,
    options: {
      body?: unknown;
      /** A form-encoded body instead (a gateway's notification). */
      form?: Record<string, string>;
      cookie?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Reply> {
    const contentType: Record<string, string> = options.form
      ? { 'content-type': 'application/x-www-form-urlencoded' }
      : options.body === undefined
        ? {}
        : { 'content-type': 'application/json' };
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        'x-batchwise-csrf': '1',
        ...contentType,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      body: options.form
        ? new URLSearchParams(options.form).toString()
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: response.status, body, headers: response.headers };
  }

  /** A write that must succeed (drill set-up): throws with the answer otherwise. */
  async must(method: 'POST' | 'PUT', path: string, body: unknown, cookie?: string): Promise<Reply> {
    const reply = await this.send(method, path, { body, cookie });
    if (reply.status !== 200)
      throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply;
  }
}

/** A Bangladeshi mobile number unique to n and the operator prefix (017 students, 018 teachers). */
export const phoneOf = (n: number, prefix = '017') =>
  `+880${prefix.slice(1)}${String(n % 100_000_000).padStart(8, '0')}`;
