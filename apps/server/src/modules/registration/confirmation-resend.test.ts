import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import { allCookiesFrom, linkIn, login, postJson } from '../../../test/account-helpers.ts';
import { createTester, FACTORY_PASSWORD } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { emailOutbox, testers } from '../../core/db/schema.ts';

/**
 * "Not confirmed" at login offers to send the confirmation e-mail again (issue 28, item 8): only the
 * login that gave the right password may ask (its HttpOnly cookie; the call names no account, so it
 * tells nothing of one), once per such login, a limited number of times per tester.
 */

const PER_TESTER = 3;
const testApp = useTestApp({ env: { LOGIN_ATTEMPTS_PER_WINDOW: String(PER_TESTER), RATE_LIMIT_WINDOW_SECONDS: '600' } });

let addressCounter = 0;
const nextAddress = () => `10.28.${Math.floor((addressCounter += 1) / 200)}.${addressCounter % 200}`;
const resend = (cookie: string, remoteAddress = nextAddress()) =>
  postJson(testApp.app, '/api/account/ResendConfirmEmail', {}, { cookie, remoteAddress });

const unconfirmedTester = () => createTester(testApp.database.db, { emailConfirmedAt: null });

/** The cookies of a login that answered notConfirmed. */
async function notConfirmedLogin(username: string) {
  const response = await login(testApp.app, username, FACTORY_PASSWORD, { remoteAddress: nextAddress() });
  expect(response.json()).toMatchObject({ status: 'notConfirmed', message: ENTRY_TEXTS.notConfirmed });
  return allCookiesFrom(response);
}

const confirmationMails = (to: string) =>
  testApp.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, 'confirm-email')));

describe('POST /api/account/ResendConfirmEmail', () => {
  it('sends the confirmation e-mail again for the login that answered notConfirmed, once; its new link confirms', async () => {
    const tester = await unconfirmedTester();
    const cookie = await notConfirmedLogin(tester.username);
    expect(cookie).toMatch(/^th_confirmation_resend=/);
    expect(cookie).not.toMatch(/th_session|__Host-/);

    expect((await resend(cookie)).json()).toEqual({ status: 'succeed', message: ENTRY_TEXTS.confirmationResent });
    const mails = await confirmationMails(tester.email);
    expect(mails).toHaveLength(1);
    const link = linkIn(mails[0]!.text, '/community/checkConfirmEmail');
    expect(link.searchParams.get('t')).toBe(tester.id);
    // The same login cannot ask twice.
    expect((await resend(cookie)).json()).toEqual({ status: 'failed', message: ENTRY_TEXTS.confirmationResendExpired });
    expect(await confirmationMails(tester.email)).toHaveLength(1);

    const confirmed = await postJson(testApp.app, '/api/account/CheckConfirmEmail', {
      userId: link.searchParams.get('t'),
      code: link.searchParams.get('r'),
    });
    expect(confirmed.json()).toEqual({ status: 'confirmed' });
    expect((await login(testApp.app, tester.username, FACTORY_PASSWORD, { remoteAddress: nextAddress() })).json().status).toBe('succeed');
  });

  it('answers alike without a login, with a made-up cookie and after a wrong password: nothing is sent, no account is named', async () => {
    const tester = await unconfirmedTester();
    const wrongPassword = await login(testApp.app, tester.username, 'Wrong#Pass1', { remoteAddress: nextAddress() });
    expect(wrongPassword.json().status).toBe('failed');
    for (const cookie of ['', 'th_confirmation_resend=' + 'A'.repeat(43), allCookiesFrom(wrongPassword)]) {
      const response = await resend(cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'failed', message: ENTRY_TEXTS.confirmationResendExpired });
    }
    expect(await confirmationMails(tester.email)).toHaveLength(0);
  });

  it('sends one e-mail for one login however many requests arrive at once', async () => {
    const tester = await unconfirmedTester();
    const cookie = await notConfirmedLogin(tester.username);
    const answers = await Promise.all(Array.from({ length: 12 }, () => resend(cookie)));
    const statuses = answers.map((answer) => answer.json().status);
    expect(statuses.filter((status) => status === 'succeed')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'failed')).toHaveLength(11);
    expect(await confirmationMails(tester.email)).toHaveLength(1);
    // The race spent one of the tester's sends, not six: the other logins of the window still may.
    for (let sent = 1; sent < PER_TESTER; sent += 1)
      expect((await resend(await notConfirmedLogin(tester.username))).json().status).toBe('succeed');
    expect(await confirmationMails(tester.email)).toHaveLength(PER_TESTER);
  });

  it(`sends at most ${PER_TESTER} e-mails a window to one tester, whatever the logins and addresses, then 429`, async () => {
    const tester = await unconfirmedTester();
    for (let sent = 0; sent < PER_TESTER; sent += 1)
      expect((await resend(await notConfirmedLogin(tester.username))).json().status).toBe('succeed');
    const refused = await resend(await notConfirmedLogin(tester.username));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(ENTRY_TEXTS.tooManyRequests);
    expect(await confirmationMails(tester.email)).toHaveLength(PER_TESTER);
  });

  it('sends nothing once the address is confirmed', async () => {
    const tester = await unconfirmedTester();
    const cookie = await notConfirmedLogin(tester.username);
    await testApp.database.db.update(testers).set({ emailConfirmedAt: new Date() }).where(eq(testers.id, tester.id));
    expect((await resend(cookie)).json()).toEqual({ status: 'confirmed', message: ENTRY_TEXTS.alreadyConfirmed });
    expect(await confirmationMails(tester.email)).toHaveLength(0);
  });
});
