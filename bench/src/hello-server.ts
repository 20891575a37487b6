import Fastify from 'fastify';

// The yardstick: a bare Fastify app with one route, no plugins, started in the same run.
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.stdout.write(`listening ${(app.server.address() as { port: number }).port}\n`);
