import http from 'node:http';
import type { AddressInfo } from 'node:net';

// What the two payment stand-ins share: a loopback HTTP server, body reading, HTML answers.

export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** Form fields (urlencoded) or the parsed JSON body; empty when there is none. */
  body: Record<string, string>;
  /** The body as sent (a nested JSON body, which `body` flattens to strings). */
  raw: string;
}

export type StandInReply =
  | { status: number; json: unknown }
  | { status: number; html: string }
  | { status: number; redirect: string }
  | { hang: true };

export interface LoopbackServer {
  url: string;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page that POSTs these fields to `action` at once, as a gateway's redirect does. */
export function autoPostPage(action: string, fields: Readonly<Record<string, string>>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<!doctype html><html><body><form id="f" method="post" action="${escapeHtml(action)}">${inputs}<noscript><button>Continue</button></noscript></form><script>document.getElementById('f').submit()</script></body></html>`;
}

/** The stand-in's hosted checkout page: what is paid, and one button per outcome. */
export function checkoutPage(
  title: string,
  lines: readonly string[],
  buttons: readonly { label: string; action: string; testId: string }[],
): string {
  const rows = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  const forms = buttons
    .map(
      (b) =>
        `<form method="post" action="${escapeHtml(b.action)}"><button data-testid="${escapeHtml(b.testId)}" style="font-size:18px;padding:10px 16px;margin:6px 0;width:100%">${escapeHtml(b.label)}</button></form>`,
    )
    .join('');
  return `<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;max-width:420px;margin:24px auto;padding:0 12px"><h1 style="font-size:22px">${escapeHtml(title)}</h1>${rows}${forms}</body></html>`;
}

/** Starts a server on 127.0.0.1 (a free port unless given) that answers through `handle`. */
export async function startLoopback(
  handle: (request: StandInRequest) => Promise<StandInReply> | StandInReply,
  port = 0,
): Promise<LoopbackServer> {
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        let body: Record<string, string> = {};
        if (raw) {
          if ((req.headers['content-type'] ?? '').includes('json')) {
            try {
              body = Object.fromEntries(
                Object.entries(JSON.parse(raw) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
              );
            } catch {
              body = {};
            }
          } else body = Object.fromEntries(new URLSearchParams(raw));
        }
        const reply = await Promise.resolve()
          .then(() =>
            handle({
              method: req.method ?? 'GET',
              path: url.pathname,
              query: url.searchParams,
              headers: req.headers,
              body,
              raw,
            }),
          )
          .catch((err: Error): StandInReply => ({ status: 500, json: { error: err.message } }));
        if ('hang' in reply) {
          hanging.add(res);
          return;
        }
        if ('redirect' in reply) {
          res.writeHead(reply.status, { location: reply.redirect }).end();
        } else if ('html' in reply) {
          res.writeHead(reply.status, { 'content-type': 'text/html; charset=utf-8' }).end(reply.html);
        } else {
          res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.json));
        }
      })();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
