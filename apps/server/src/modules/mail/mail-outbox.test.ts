import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { getWith, latestMail, linkIn, postJson, validRegistration, waitFor } from '../../../test/account-helpers.ts';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../../test/smtp-capture.ts';
import { emailOutbox } from '../../core/db/schema.ts';

/**
 * E-mail over real SMTP (issue 3, section 2): the outbox sender delivers multipart messages
 * in the tester's language with links from PUBLIC_URL; a mail server that is down delays a
 * message, loses none, and does not stop registration.
 */

const PUBLIC_URL = 'https://testers.example.test';
const MAIL_FROM = 'TesterHub Test <no-reply@testers.example.test>';

function outboxRow(testApp: TestApp, id: number) {
  return testApp.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id))
    .then((rows) => rows[0]!);
}

function expectMultipart(mail: CapturedMail) {
  expect(mail.contentType).toMatch(/^multipart\/alternative/i);
  expect(mail.parts.map((part) => part.contentType)).toEqual(expect.arrayContaining(['text/plain', 'text/html']));
  expect(mail.text?.length).toBeGreaterThan(0);
  expect(mail.html).toMatch(/<html/i);
}

describe('with a mail server (SMTP_URL)', () => {
  let smtp: SmtpCapture;
  let testApp: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    testApp = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM } });
  });

  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  it('delivers the confirmation e-mail with text and HTML parts and the link from PUBLIC_URL, and marks it sent', async () => {
    const address = 'smtp.reader01@mail.example.test';
    const registered = await postJson(
      testApp.app,
      '/api/account/register',
      validRegistration({ Username: 'smtpreader01', EmailAddress: address, FirstName: 'Sam' }),
      {
        headers: { host: 'internal-host.example.test:8080' },
      },
    );
    expect(registered.json()).toMatchObject({ status: 'succeed' });

    const mail = await smtp.waitFor((candidate) => candidate.envelopeTo.includes(address), 30_000);
    expect(mail.to).toContain(address);
    expect(mail.from).toContain('no-reply@testers.example.test');
    expect(mail.subject).toMatch(/confirm/i);
    expectMultipart(mail);
    expect(mail.text).toContain('Sam');
    const link = linkIn(mail.text!, '/community/checkConfirmEmail');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(mail.raw).not.toContain('internal-host.example.test');
    expect(mail.html).toContain(link.toString().replace(/&/g, '&amp;'));

    const row = await latestMail(testApp.database, address, 'confirm-email');
    await waitFor(async () => (await outboxRow(testApp, row!.id)).status === 'sent', 30_000, 'the outbox row marked sent');
    const sent = await outboxRow(testApp, row!.id);
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.attempts).toBe(1);
    expect(sent.lastError).toBeNull();

    // The link in the message confirms the account.
    const confirmed = await postJson(testApp.app, '/api/account/CheckConfirmEmail', {
      userId: link.searchParams.get('t'),
      code: link.searchParams.get('r'),
    });
    expect(confirmed.json()).toEqual({ status: 'confirmed' });
  });

  it('sends a Spanish registration its e-mail in Spanish', async () => {
    const address = 'smtp.lector02@mail.example.test';
    const registered = await postJson(
      testApp.app,
      '/api/account/register',
      validRegistration({ Username: 'smtplector02', EmailAddress: address, FirstName: 'José', Language: 'es' }),
    );
    expect(registered.json()).toMatchObject({ status: 'succeed' });
    const mail = await smtp.waitFor((candidate) => candidate.envelopeTo.includes(address), 30_000);
    expect(mail.subject).toMatch(/^Confirme su correo electrónico de /);
    expectMultipart(mail);
    expect(mail.text).toContain('Hola José');
    expect(mail.text).toContain('Gracias por registrarse');
    expect(mail.html).toContain('Confirmar mi correo electrónico');
    expect(linkIn(mail.text!, '/community/checkConfirmEmail').origin).toBe(PUBLIC_URL);
  });

  it('delivers the reset-password e-mail with its link', async () => {
    const response = await postJson(testApp.app, '/api/account/forgotpassword', {
      username: 'demotester1',
      emailAddress: 'demo.tester@testerhub.example',
    });
    expect(response.json().status).toBe('succeed');
    const mail = await smtp.waitFor(
      (candidate) => candidate.envelopeTo.includes('demo.tester@testerhub.example') && /password/i.test(candidate.subject),
      30_000,
    );
    expectMultipart(mail);
    const link = linkIn(mail.text!, '/account/resetPassword');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.searchParams.get('code')!.length).toBeGreaterThanOrEqual(22);
  });

  it('does not serve /dev/mailbox when a mail server is configured', async () => {
    expect((await getWith(testApp.app, '/dev/mailbox')).statusCode).toBe(404);
  });
});

describe('with the mail server down', () => {
  let port = 0;
  let testApp: TestApp;
  let smtp: SmtpCapture | undefined;

  beforeAll(async () => {
    // A port nothing listens on: bind one, then let it go.
    port = await new Promise<number>((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    testApp = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL } });
  });

  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  it('still registers; the message waits in the outbox and goes out once the server is back', async () => {
    const address = 'smtp.patient03@mail.example.test';
    const registered = await postJson(
      testApp.app,
      '/api/account/register',
      validRegistration({ Username: 'smtppatient03', EmailAddress: address }),
    );
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toMatchObject({ status: 'succeed' });

    const row = await latestMail(testApp.database, address, 'confirm-email');
    expect(row).not.toBeNull();
    const failed = await waitFor(
      async () => {
        const current = await outboxRow(testApp, row!.id);
        return current.attempts >= 1 && current.lastError && current.status === 'pending' ? current : null;
      },
      30_000,
      'a failed first attempt recorded in the outbox',
    );
    expect(failed.sentAt).toBeNull();
    expect(failed.lastError!.length).toBeGreaterThan(0);
    // The next attempt is put off (back-off), not lost.
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    smtp = await startSmtpCapture(port);
    // Bring the retry forward instead of waiting for the back-off.
    await testApp.database.db.update(emailOutbox).set({ nextAttemptAt: new Date() }).where(eq(emailOutbox.id, row!.id));

    const mail = await smtp.waitFor((candidate) => candidate.envelopeTo.includes(address), 30_000);
    expectMultipart(mail);
    expect(linkIn(mail.text!, '/community/checkConfirmEmail').origin).toBe(PUBLIC_URL);
    await waitFor(async () => (await outboxRow(testApp, row!.id)).status === 'sent', 30_000, 'the outbox row marked sent');
    const sent = await outboxRow(testApp, row!.id);
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    expect(sent.sentAt).toBeInstanceOf(Date);
    // Sent once, not once per attempt.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((candidate) => candidate.envelopeTo.includes(address))).toHaveLength(1);
  }, 40_000);
});
