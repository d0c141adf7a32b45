// The least a warm-session GetPKTesterInfo can do on this machine (issue 27's read ceiling): a bare
// Fastify app, no logger, no plugins, one route answering the same bytes the built server sends
// (its security headers, a request id, the demo tester's 240-byte body through a response schema)
// after the one step no authenticated read can skip: the session cookie hashed (SHA-256, as the
// server stores it) and looked up in memory. No database, metrics, log or hooks. Started as a child
// process like bare-fastify.mjs. PORT (required), HOST (default 127.0.0.1), LEAN_SESSION_ID (the
// th_session value it accepts).

import { createHash, randomUUID } from 'node:crypto';
import Fastify from 'fastify';

const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
const DEMO_TESTER = {
  username: 'demotester1',
  coins: 350,
  level: 2,
  exp: 180,
  nextLevelExp: 250,
  remainExp: 70,
  fileName: 'avatar-01.svg',
  imageSrc: '/media/avatars/avatar-01.svg',
  blackList: false,
  loginDaysThisMonth: 0,
  suspendedUntil: null,
  language: 'en',
};
const field = (type) => ({ type });
const testerInfoSchema = {
  type: 'object',
  properties: {
    ...Object.fromEntries(['username', 'fileName', 'imageSrc', 'language'].map((name) => [name, field('string')])),
    ...Object.fromEntries(
      ['coins', 'level', 'exp', 'nextLevelExp', 'remainExp', 'loginDaysThisMonth'].map((name) => [name, field('integer')]),
    ),
    blackList: field('boolean'),
    suspendedUntil: { type: ['string', 'null'] },
  },
};

const hashed = (id) => createHash('sha256').update(id).digest('base64url');
const sessions = new Map([[hashed(process.env.LEAN_SESSION_ID ?? ''), DEMO_TESTER]]);
const COOKIE = 'th_session=';

const app = Fastify({ logger: false });
app.get('/api/account/GetPKTesterInfo', { schema: { response: { 200: testerInfoSchema } } }, async (request, reply) => {
  const cookies = request.headers.cookie ?? '';
  const at = cookies.indexOf(COOKIE);
  const end = cookies.indexOf(';', at);
  const tester = at < 0 ? undefined : sessions.get(hashed(cookies.slice(at + COOKIE.length, end < 0 ? undefined : end)));
  void reply.headers(SECURITY_HEADERS).header('x-request-id', randomUUID());
  if (!tester) return reply.status(401).send({ message: 'Not signed in.' });
  return tester;
});

// What the runner waits for before measuring.
app.get('/', async () => ({ ready: true }));

const close = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
