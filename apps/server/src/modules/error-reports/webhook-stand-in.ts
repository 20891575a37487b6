import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback chat webhook for tests: it keeps every body posted to it byte for byte (what left
 * the server is what a test checks for personal data), as Slack, Discord or a generic receiver
 * would take them, and can refuse on demand.
 */
export interface WebhookStandIn {
  url: string;
  /** The raw bodies received, oldest first. */
  received(): string[];
  /** Answer every post with this status (200 by default). */
  setStatus(status: number): void;
  close(): Promise<void>;
}

export async function startWebhookStandIn(): Promise<WebhookStandIn> {
  const bodies: string[] = [];
  let status = 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST') bodies.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(req.method === 'POST' ? status : 405, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/errors`,
    received: () => [...bodies],
    setStatus: (next) => {
      status = next;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
