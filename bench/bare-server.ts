/**
 * The baseline of `npm run bench`: a bare Fastify 5 server with one GET route answering a small
 * JSON, no plugins, no hooks, no logger. Started as a child process by session.bench.ts.
 */
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const app = Fastify({ logger: false });

app.get('/bare', async () => ({ success: true, userId: 1001, userName: 'Bench' }));

const close = () => {
  void app.close().then(() => process.exit(0));
};
process.once('SIGTERM', close);
process.once('SIGINT', close);

await app.listen({ port, host: '127.0.0.1' });
