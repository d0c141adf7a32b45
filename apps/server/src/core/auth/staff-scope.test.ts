import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { createStaffCookie, registerStaffScope } from './staff-scope.ts';

/** The staff scope refuses to start with a route that declares no roles (decision 043): no route is open by omission. */
describe('registerStaffScope', () => {
  const staffCookie = createStaffCookie({ secure: false, maxAgeSeconds: 60 });
  const authenticate = async () => null;

  it('stops start-up when a route in the scope declares no staffRoles', async () => {
    const app = Fastify();
    await app.register(cookie);
    await expect(
      registerStaffScope(app, { authenticate, cookie: staffCookie }, [
        async (scope) => {
          scope.get('/staff/Forgotten', async () => ({ ok: true }));
        },
      ]),
    ).rejects.toThrow('GET /staff/Forgotten declares no staffRoles');
    await app.close().catch(() => undefined);
  });

  it('answers 401 without a staff session on a route that declares its roles', async () => {
    const app = Fastify();
    await app.register(cookie);
    await registerStaffScope(app, { authenticate, cookie: staffCookie }, [
      async (scope) => {
        scope.get('/staff/Declared', { config: { staffRoles: ['admin'] } }, async () => ({ ok: true }));
      },
    ]);
    const answer = await app.inject({ method: 'GET', url: '/staff/Declared' });
    expect(answer.statusCode).toBe(401);
    await app.close();
  });
});
