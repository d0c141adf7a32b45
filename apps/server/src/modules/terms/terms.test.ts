import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFieldError, getWith, postJson, testerByUsername, uniqueUsername, validRegistration } from '../../../test/account-helpers.ts';
import { createLoggedInTester, createTester } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { termsAcceptances, termsVersions } from '../../core/db/schema.ts';
import { TERMS_TEXTS } from '@testerhub/shared/terms-schemas';
import { createTermsService } from './terms-service.ts';

/**
 * The terms' versions (decision 041): GetTermsStatus before and after a new version, AcceptTerms
 * with the wrong version, the current one (twice) and bad input, the version registration records,
 * test support's publication that asks only the testers it names, and 401 without a session; on
 * PGlite and PostgreSQL.
 */

const SECRET = 'test-support-secret-of-at-least-32-characters';
const clock = createFakeClock(Date.now());
const db = () => testApp.database.db;
const get = (url: string, cookie?: string) => getWith(testApp.app, url, { cookie });
const post = (url: string, body: unknown, cookie?: string) => postJson(testApp.app, url, body, { cookie });
const terms = () => createTermsService(db(), { clock });
const status = async (cookie: string) => {
  const response = await get('/api/account/GetTermsStatus', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const acceptancesOf = (testerId: string) =>
  db().select().from(termsAcceptances).where(eq(termsAcceptances.testerId, testerId)).orderBy(termsAcceptances.version);

const testApp = useTestApp({ clock, env: { TEST_SUPPORT_SECRET: SECRET, HOST: '127.0.0.1' } });

describe('the migration and the seed', () => {
  it('version 1 is the terms before versions; the seed’s current version is accepted by every seeded tester', async () => {
    const versions = await db().select().from(termsVersions).orderBy(termsVersions.version);
    expect(versions.map((row) => row.version)).toEqual([1, 2]);
    expect(versions[0]!.publishedAt.toISOString()).toBe('2000-01-01T00:00:00.000Z');
    expect(versions[1]!.summaryEs).toMatch(/tabla de clasificación/);
    const demo = await testerByUsername(testApp.database, 'demotester1');
    expect((await acceptancesOf(demo!.id)).map((row) => row.version)).toEqual([2]);
  });
});

describe('GET /api/account/GetTermsStatus and POST /api/account/AcceptTerms', () => {
  it('a logged-out call gets 401, to both', async () => {
    expect((await get('/api/account/GetTermsStatus')).statusCode).toBe(401);
    expect((await post('/api/account/AcceptTerms', { version: 2 })).statusCode).toBe(401);
  });

  it('a tester with no acceptance is asked; accepting the current version ends it, and accepting again keeps the first time', async () => {
    const { tester, cookie } = await createLoggedInTester(db(), { language: 'es' });
    const before = await status(cookie);
    expect(before).toEqual({
      status: 'succeed',
      currentVersion: 2,
      publishedAt: expect.any(String),
      summary: expect.stringMatching(/^Ahora explicamos/),
      language: 'es',
      acceptedVersion: null,
      acceptedAt: null,
      needsAcceptance: true,
    });

    const accepted = await post('/api/account/AcceptTerms', { version: 2 }, cookie);
    expect(accepted.json()).toEqual({ status: 'succeed', acceptedVersion: 2, acceptedAt: clock.now().toISOString() });
    const firstAt = clock.now().toISOString();
    clock.advance(HOUR_MS);
    expect((await post('/api/account/AcceptTerms', { version: 2 }, cookie)).json()).toEqual({
      status: 'succeed',
      acceptedVersion: 2,
      acceptedAt: firstAt,
    });
    expect(await acceptancesOf(tester.id)).toHaveLength(1);
    expect(await status(cookie)).toMatchObject({ currentVersion: 2, acceptedVersion: 2, acceptedAt: firstAt, needsAcceptance: false });
  });

  it('a new version asks again from its publication time on; an old or unknown version is refused with a clear message', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    expect((await post('/api/account/AcceptTerms', { version: 2 }, cookie)).json()).toMatchObject({ status: 'succeed' });

    // Published to apply an hour from now: nothing changes until then.
    const published = await terms().publish({
      summaryEn: 'We added the rules for the new referral contest.',
      summaryEs: 'Añadimos las reglas del nuevo concurso de referidos.',
      publishedAt: new Date(clock.nowMs() + HOUR_MS),
    });
    expect(published.version).toBe(3);
    expect(await status(cookie)).toMatchObject({ currentVersion: 2, needsAcceptance: false });
    const early = await post('/api/account/AcceptTerms', { version: 3 }, cookie);
    expect(early.json()).toEqual({
      status: 'notCurrent',
      message: 'The terms changed again while this page was open. Please read the latest summary and accept again.',
      currentVersion: 2,
    });

    clock.advance(HOUR_MS);
    expect(await status(cookie)).toMatchObject({
      currentVersion: 3,
      summary: 'We added the rules for the new referral contest.',
      language: 'en',
      acceptedVersion: 2,
      needsAcceptance: true,
    });
    for (const version of [2, 1, 99]) {
      expect((await post('/api/account/AcceptTerms', { version }, cookie)).json()).toMatchObject({
        status: 'notCurrent',
        currentVersion: 3,
      });
    }
    expect((await acceptancesOf(tester.id)).map((row) => row.version)).toEqual([2]);

    expect((await post('/api/account/AcceptTerms', { version: 3 }, cookie)).json()).toMatchObject({
      status: 'succeed',
      acceptedVersion: 3,
    });
    expect(await status(cookie)).toMatchObject({ currentVersion: 3, acceptedVersion: 3, needsAcceptance: false });
    expect((await acceptancesOf(tester.id)).map((row) => row.version)).toEqual([2, 3]);
  });

  it('refuses an old version in the tester’s language: Spanish for a Spanish tester, the English of TERMS_TEXTS for an English one', async () => {
    const spanish = await createLoggedInTester(db(), { language: 'es' });
    const english = await createLoggedInTester(db());
    const { currentVersion } = await status(english.cookie);
    const acceptOld = (cookie: string) => post('/api/account/AcceptTerms', { version: currentVersion - 1 }, cookie);
    expect((await acceptOld(spanish.cookie)).json()).toEqual({
      status: 'notCurrent',
      message: 'Los términos cambiaron de nuevo mientras esta página estaba abierta. Lea el resumen más reciente y acéptelos otra vez.',
      currentVersion,
    });
    expect((await acceptOld(english.cookie)).json()).toEqual({ status: 'notCurrent', message: TERMS_TEXTS.notCurrent, currentVersion });
  });

  it('sixteen acceptances at once store one row', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const { currentVersion } = await status(cookie);
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => post('/api/account/AcceptTerms', { version: currentVersion }, cookie)),
    );
    const times = new Set(answers.map((answer) => answer.json().acceptedAt));
    expect(answers.every((answer) => answer.json().status === 'succeed')).toBe(true);
    expect(times.size).toBe(1);
    expect(await acceptancesOf(tester.id)).toHaveLength(1);
  });

  it.each([
    ['missing', {}],
    ['a string', { version: '3' }],
    ['not whole', { version: 2.5 }],
    ['zero', { version: 0 }],
    ['null', { version: null }],
  ])('AcceptTerms with the version %s is 400 naming version', async (_name, body) => {
    const { tester, cookie } = await createLoggedInTester(db());
    expectFieldError(await post('/api/account/AcceptTerms', body, cookie), 'version');
    expect(await acceptancesOf(tester.id)).toHaveLength(0);
  });
});

describe('registration', () => {
  it('step 3’s terms checkbox records the version in force, in the registration’s transaction', async () => {
    const { currentVersion } = await status((await createLoggedInTester(db())).cookie);
    const username = uniqueUsername('terms');
    const registered = await post('/api/account/register', validRegistration({ Username: username }));
    expect(registered.json()).toMatchObject({ status: 'succeed' });
    const tester = await testerByUsername(testApp.database, username);
    expect(await acceptancesOf(tester!.id)).toEqual([{ testerId: tester!.id, version: currentVersion, acceptedAt: clock.now() }]);
  });

  it('a refused registration (username taken) records nothing', async () => {
    const existing = await createTester(db());
    const before = await db().select().from(termsAcceptances);
    const refused = await post('/api/account/register', validRegistration({ Username: existing.username }));
    expect(refused.json()).toMatchObject({ status: 'usernameTaken' });
    expect(await db().select().from(termsAcceptances)).toHaveLength(before.length);
  });
});

describe('POST /api/test-support/terms-version', () => {
  const publish = (body: unknown) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/test-support/terms-version',
      payload: body as object,
      headers: { 'x-test-support-secret': SECRET },
    });

  it('publishes now and asks only the testers it names (and those who never accepted); a tester made afterwards records the new version', async () => {
    const asked = await createLoggedInTester(db());
    const other = await createLoggedInTester(db());
    const never = await createLoggedInTester(db());
    const { currentVersion } = await status(other.cookie);
    for (const tester of [asked, other]) await post('/api/account/AcceptTerms', { version: currentVersion }, tester.cookie);
    const answer = await publish({ summaryEn: 'Test change.', summaryEs: 'Cambio de prueba.', askOnly: [asked.tester.id] });
    expect(answer.statusCode, answer.body).toBe(200);
    const { version } = answer.json();
    expect(await status(asked.cookie)).toMatchObject({ currentVersion: version, needsAcceptance: true, summary: 'Test change.' });
    expect(await status(other.cookie)).toMatchObject({ currentVersion: version, acceptedVersion: version, needsAcceptance: false });
    // A tester who never accepted any version is not recorded as accepting this one.
    expect(await status(never.cookie)).toMatchObject({ currentVersion: version, acceptedVersion: null, needsAcceptance: true });

    const made = await testApp.app.inject({
      method: 'POST',
      url: '/api/test-support/tester',
      payload: {},
      headers: { 'x-test-support-secret': SECRET },
    });
    const { testerId } = made.json();
    const rows = await db()
      .select()
      .from(termsAcceptances)
      .where(and(eq(termsAcceptances.testerId, testerId), eq(termsAcceptances.version, version)));
    expect(rows).toHaveLength(1);
  });

  it('refuses a call without the secret (403) or without testers to ask (400)', async () => {
    const refused = await testApp.app.inject({ method: 'POST', url: '/api/test-support/terms-version', payload: {} });
    expect(refused.statusCode).toBe(403);
    expect((await publish({ summaryEn: 'x', summaryEs: 'y', askOnly: [] })).statusCode).toBe(400);
  });
});

describe('a publication and registrations at once (the table lock)', () => {
  it('every tester registered meanwhile holds either the new version or one the publication recorded for them', async () => {
    const asked = await createTester(db());
    const usernames = Array.from({ length: 6 }, () => uniqueUsername('race'));
    const results = await Promise.all([
      ...usernames.map((username) => post('/api/account/register', validRegistration({ Username: username }))),
      testApp.app.inject({
        method: 'POST',
        url: '/api/test-support/terms-version',
        payload: { summaryEn: 'Race.', summaryEs: 'Carrera.', askOnly: [asked.id] },
        headers: { 'x-test-support-secret': SECRET },
      }),
    ]);
    const { version } = results.at(-1)!.json();
    for (const username of usernames) {
      const tester = await testerByUsername(testApp.database, username);
      expect((await acceptancesOf(tester!.id)).map((row) => row.version)).toContain(version);
    }
  });
});
