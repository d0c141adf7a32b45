// The baseline of scripts/benchmarks/api-throughput.mjs: a bare Fastify app with one JSON
// route, GET / -> { hello: 'world' }, no logger, no plugins. Started as a child process so
// that it, like the real server, does not share an event loop with the load generator.
// PORT (required) and HOST (default 127.0.0.1) from the environment.

import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const close = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
