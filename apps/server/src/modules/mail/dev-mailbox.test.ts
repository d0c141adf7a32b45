import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { getWith, latestMail, linkIn, postJson } from '../../../test/account-helpers.ts';

/** /dev/mailbox: the outbox as a page outside production when no SMTP_URL is set; absent in production. */

describe('/dev/mailbox outside production without SMTP_URL', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:5173' } });
  });

  afterAll(async () => {
    await testApp.close();
  });

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
});

describe('/dev/mailbox in production', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://testers.example.test' } });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('does not exist', async () => {
    await postJson(testApp.app, '/api/account/forgotpassword', { username: 'demotester1', emailAddress: 'demo.tester@testerhub.example' });
    const page = await getWith(testApp.app, '/dev/mailbox');
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('demo.tester@testerhub.example');
    expect(page.body).not.toContain('resetPassword');
  });
});
