import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';

/**
 * Protected calls authenticate before anything else (issue 24, item 5): a tester or staff call
 * without a session answers 401 whatever its body, never 400 with the field rules, and reads no
 * body first. The routes come from the OpenAPI document, where each scope names its session
 * scheme on every route it registers, so a new protected route is checked without a change here.
 */

interface ProtectedRoute {
  method: 'GET' | 'POST';
  path: string;
  scheme: string;
}

const testApp = useTestApp();
let protectedRoutes: ProtectedRoute[];

beforeAll(async () => {
  const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
    paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
  };
  protectedRoutes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) =>
      (operation.security ?? []).flatMap((requirement) =>
        Object.keys(requirement).map((scheme) => ({ method: method.toUpperCase() as 'GET' | 'POST', path, scheme })),
      ),
    ),
  );
});

const schemeOf = (path: string) => protectedRoutes.find((route) => route.path.toLowerCase() === path.toLowerCase())?.scheme;

describe('authenticate first', () => {
  it('names the session scheme on every tester and staff route and on no public one', () => {
    expect(schemeOf('/api/account/GetPKTesterInfo')).toBe('testerSession');
    expect(schemeOf('/api/staff/content/AddAvatar')).toBe('staffSession');
    expect(schemeOf('/api/account/Login')).toBeUndefined();
    expect(schemeOf('/api/reward/GetFaqs')).toBeUndefined();
    expect(protectedRoutes.filter((route) => route.scheme === 'testerSession').length).toBeGreaterThan(50);
    expect(protectedRoutes.filter((route) => route.scheme === 'staffSession').length).toBeGreaterThan(50);
  });

  it('answers 401 without a session to every protected call, whatever its body or query', async () => {
    const answers = await Promise.all(
      protectedRoutes.flatMap((route) => {
        const bodies =
          route.method === 'POST'
            ? [
                { payload: '{"not json', headers: { 'content-type': 'application/json' } },
                {
                  payload: JSON.stringify({ unexpected: ['wrong', 'types'], id: 'not-an-id' }),
                  headers: { 'content-type': 'application/json' },
                },
                { payload: 'plain text', headers: { 'content-type': 'text/plain' } },
              ]
            : [{ payload: undefined, headers: {} }];
        return bodies.map(async ({ payload, headers }) => {
          const url = route.method === 'GET' ? `${route.path}?id=not-an-id&page=-1&x=%00` : route.path;
          // The header the cross-site guard asks of a state-changing GET, so that only the scope answers.
          const response = await testApp.app.inject({
            method: route.method,
            url,
            payload,
            headers: { ...headers, 'x-requested-with': 'TesterHub' },
          });
          return `${route.method} ${route.path} ${payload === undefined ? '' : JSON.stringify(payload).slice(0, 14)}: ${response.statusCode}`;
        });
      }),
    );
    expect(answers.filter((answer) => !answer.endsWith(': 401'))).toEqual([]);
  });

  it('answers a large upload without a staff session before its body arrives', async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;
    // The head and the opening of a 350 KB body; the rest is never sent, so only an answer that
    // does not wait for the body can arrive.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      socket.on('connect', () =>
        socket.write(
          'POST /api/staff/content/AddAvatar HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
            'Content-Length: 350000\r\n\r\n{"image":"iVBORw0KGgo',
        ),
      );
      socket.on('data', (chunk) => {
        received += chunk.toString();
        if (received.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(received);
        }
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  });
});
