import { describe, expect, it } from 'vitest';
import { latestMail, linkIn, postJson } from '../../../test/account-helpers.ts';
import { createAttendedTester } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';

/**
 * The child-confirmation e-mail's link opens a new tab, which knows no language: a Spanish parent's
 * link carries lang=es, as the cancel and referral links do, so the login page and the confirmation
 * it opens speak Spanish (issue 28, "Spanish, end to end"; decision 131). An English parent's link is
 * as before, with no lang.
 */

const NOW = new Date('2026-03-10T15:00:00Z');
const testApp = useTestApp({ clock: createFakeClock(NOW) });

const child = { firstName: 'Mia', lastName: 'Example', race: 'A', gender: 'F', year: 2017, month: 2, day: 28, phone: '3125550123' };

async function confirmationLinkOf(language: 'en' | 'es') {
  const parent = await createAttendedTester(testApp.database.db, NOW, { language });
  const answer = await postJson(testApp.app, '/api/account/RegistChildrenWithoutStudyNo', child, { cookie: parent.cookie });
  expect(answer.json()).toEqual({ status: 'succeed' });
  const mail = await latestMail(testApp.database, parent.tester.email, 'confirm-child');
  return linkIn(mail!.text, '/community');
}

describe("the child-confirmation e-mail's link", () => {
  it("carries the Spanish parent's language", async () => {
    const link = await confirmationLinkOf('es');
    expect(link.searchParams.get('k')).toMatch(/^[0-9a-f-]{36}$/);
    expect(link.searchParams.get('lang')).toBe('es');
  });

  it('an English parent: the link as before, no lang', async () => {
    const link = await confirmationLinkOf('en');
    expect(link.searchParams.get('k')).toMatch(/^[0-9a-f-]{36}$/);
    expect(link.searchParams.has('lang')).toBe(false);
  });
});
