import http from 'node:http';

/** A loopback balancer in front of several API processes (README, "Several API processes"). */
export interface RoundRobinProxy {
  /** The address clients use instead of any one process's. */
  url: string;
  /** Requests passed to each backend, in the order given. */
  counts: number[];
  close(): Promise<void>;
}

/**
 * The smallest load balancer that behaves like one: each request goes to the next backend in turn,
 * bodies and answers streamed through unchanged (Set-Cookie, compression, event streams), and the
 * caller's address appended to `X-Forwarded-For` as nginx's `proxy_add_x_forwarded_for` does, so
 * servers that trust loopback (TRUST_PROXY) see the client's address, or the one it forwarded.
 * A backend that cannot be reached answers 502, as a balancer would.
 */
export async function startRoundRobinProxy(backends: readonly string[]): Promise<RoundRobinProxy> {
  const targets = backends.map((b) => new URL(b));
  const counts = targets.map(() => 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  let next = 0;
  const server = http.createServer((request, response) => {
    const index = next++ % targets.length;
    counts[index]!++;
    const target = targets[index]!;
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, 'x-forwarded-for': forwardedFor },
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  // Idle client connections stay open for the whole soak: a balancer closing one at Node's default
  // 5 s while the client sends on it again makes a "fetch failed" that says nothing about the API.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 121_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
