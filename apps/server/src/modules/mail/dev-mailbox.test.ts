import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/test-app.ts';
import { getWith, latestMail, linkIn, postJson } from '../../../test/account-helpers.ts';

/** /dev/mailbox: the outbox as a page outside production when no SMTP_URL is set; absent in production. */

describe('/dev/mailbox outside production without SMTP_URL', () => {
  const testApp = useTestApp({ env: { NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:5173' } });

  it('lists a queued message with its link', async () => {
    const response = await postJson(testApp.app, '/api/account/forgotpassword', {
      username: 'demotester1',
      emailAddress: 'demo.tester@testerhub.example',
    });
    expect(response.json().status).toBe('succeed');
    const mail = await latestMail(testApp.database, 'demo.tester@testerhub.example', 'reset-password');
    const link = linkIn(mail!.text, '/account/resetPassword');

    const page = await getWith(testApp.app, '/dev/mailbox');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(mail!.subject);
    expect(page.body).toContain('demo.tester@testerhub.example');
    expect(page.body).toContain(`href="${link.toString().replace(/&/g, '&amp;')}"`);
  });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('answers a loopback client (%s)', async (remoteAddress) => {
    const page = await getWith(testApp.app, '/dev/mailbox', { remoteAddress });
    expect(page.statusCode).toBe(200);
  });

  it.each(['192.168.1.20', '10.0.0.7', '::ffff:192.168.1.20', 'fe80::1'])(
    'refuses a client elsewhere on the network (%s) with 403 and no message',
    async (remoteAddress) => {
      await postJson(testApp.app, '/api/account/forgotpassword', {
        username: 'demotester1',
        emailAddress: 'demo.tester@testerhub.example',
      });
      const page = await getWith(testApp.app, '/dev/mailbox', { remoteAddress });
      expect(page.statusCode).toBe(403);
      expect(page.body).not.toContain('demo.tester@testerhub.example');
      expect(page.body).not.toContain('resetPassword');
    },
  );

  it('judges by the socket address, not by X-Forwarded-For, even behind a trusted proxy', async () => {
    const proxied = await createTestApp({ env: { NODE_ENV: 'development', TRUST_PROXY: '192.168.1.1' }, database: testApp.database });
    try {
      for (const app of [testApp, proxied]) {
        const page = await getWith(app.app, '/dev/mailbox', { remoteAddress: '192.168.1.1', headers: { 'x-forwarded-for': '127.0.0.1' } });
        expect(page.statusCode).toBe(403);
        const head = await app.app.inject({ method: 'HEAD', url: '/dev/mailbox', remoteAddress: '192.168.1.20' });
        expect(head.statusCode).toBe(403);
      }
    } finally {
      await proxied.close();
    }
  });
});

describe('/dev/mailbox in production', () => {
  const testApp = useTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://testers.example.test' } });

  it('does not exist', async () => {
    await postJson(testApp.app, '/api/account/forgotpassword', { username: 'demotester1', emailAddress: 'demo.tester@testerhub.example' });
    const page = await getWith(testApp.app, '/dev/mailbox');
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('demo.tester@testerhub.example');
    expect(page.body).not.toContain('resetPassword');
  });
});
