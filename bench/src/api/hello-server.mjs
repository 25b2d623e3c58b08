// The reference every API figure is divided by: a bare Fastify JSON route, started the same
// way as the API (plain `node`, a child process, same Fastify), without logging. Plain
// JavaScript because the API runs compiled (ADR 13): neither server has a TypeScript loader.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));

const port = Number(process.env.PORT ?? 3999);
await app.listen({ port, host: '127.0.0.1' });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
