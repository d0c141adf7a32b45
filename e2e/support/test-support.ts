import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';

/**
 * The server's test-support routes (decision 014; apps/server/src/modules/test-support): a
 * confirmed tester and a logged-in session made by the server itself, so a test that needs a
 * tester in the portal neither registers through the forms nor logs in through them. The
 * routes exist only because playwright.config.ts starts the server with TEST_SUPPORT_SECRET.
 */

/** What POST /api/test-support/tester answers: the new tester, with its password. */
export interface SupportTester {
  testerId: string;
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  coins: number;
}

export interface SessionCookie {
  name: string;
  value: string;
  path: '/';
  httpOnly: true;
  secure: boolean;
  sameSite: 'Lax';
  maxAgeSeconds: number;
}

function secretHeader(): Record<string, string> {
  const secret = process.env.E2E_TEST_SUPPORT_SECRET;
  if (!secret) throw new Error('E2E_TEST_SUPPORT_SECRET is not set: run the tests with e2e/playwright.config.ts');
  return { 'x-test-support-secret': secret };
}

/** What a test may choose of its tester besides the names: language, zip code (its test site) and birth date (YYYY-MM-DD). */
export interface TesterFields extends Partial<Pick<SupportTester, 'username' | 'email' | 'password' | 'firstName' | 'lastName'>> {
  language?: 'en' | 'es';
  zipCode?: string;
  birthDate?: string;
  /** The starting coins instead of the welcome gift. */
  coins?: number;
  /** Ten digits (the staff search by phone). */
  phone?: string;
  /** A street address (the shared-address signal of likely duplicates, decision 129); a house number of its own unless given. */
  address?: string;
}

/** A confirmed tester with the welcome coins; fields not given are generated (a 12-character username), born 1990-06-15 in Chicago (60614). */
export async function createTester(request: APIRequestContext, fields: TesterFields = {}): Promise<SupportTester> {
  const response = await request.post('/api/test-support/tester', { headers: secretHeader(), data: fields });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SupportTester;
}

/** A new session row for the tester, as a login writes it: the cookie to give the browser. */
export async function startSession(request: APIRequestContext, who: { testerId: string } | { username: string }): Promise<SessionCookie> {
  const response = await request.post('/api/test-support/session', { headers: secretHeader(), data: who });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { cookie: SessionCookie }).cookie;
}

/** The id of the tester with this username (a tester registered through the API), by starting a session for it. */
export async function testerIdOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/test-support/session', { headers: secretHeader(), data: { username } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { testerId: string }).testerId;
}

/** Puts the session cookie into the browser context: every page of it is then logged in. */
export async function addSessionCookie(context: BrowserContext, baseURL: string, cookie: SessionCookie): Promise<void> {
  await context.addCookies([
    {
      name: cookie.name,
      value: cookie.value,
      domain: new URL(baseURL).hostname,
      path: cookie.path,
      httpOnly: cookie.httpOnly,
      secure: cookie.secure,
      sameSite: cookie.sameSite,
      expires: Math.floor(Date.now() / 1000) + cookie.maxAgeSeconds,
    },
  ]);
}

/**
 * A booked session for the tester in a study, in a one-seat group of its own, starting at startsAt
 * (a day ahead unless told): the screener's 101 case, or a booking inside the notice window.
 */
export async function createBooking(
  request: APIRequestContext,
  booking: { testerId: string; studyNo: number; startsAt?: string; siteId?: string; coOpCostCents?: number },
): Promise<{ bookingId: number; startsAt: string }> {
  const response = await request.post('/api/test-support/booking', { headers: secretHeader(), data: booking });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { bookingId: number; startsAt: string };
}

/** What a test may choose of a session group of a seeded study (in person at the Chicago site, one seat, $50 unless told). */
export interface GroupFields {
  studyNo: number;
  kind?: 'inPerson' | 'virtual' | 'pickUp';
  siteId?: string | null;
  color?: string;
  cell?: string;
  coOpCostCents?: number;
  seats?: number;
  status?: 'Open' | 'Closed';
  videoLink?: string;
  pickUpAt?: string;
  sessions: { startsAt: string; endsAt: string }[];
}

export interface SupportGroup {
  /** The public id (ProtectedGroupID). */
  groupId: string;
  seats: number;
  sessions: { testerDay: number; startsAt: string; endsAt: string }[];
}

/** A session group of a seeded study with the given sessions and seats. */
export async function createGroup(request: APIRequestContext, group: GroupFields): Promise<SupportGroup> {
  const response = await request.post('/api/test-support/group', { headers: secretHeader(), data: group });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SupportGroup;
}

/**
 * Books the tester into a group by its public id, by the scheduling service's rules (a free seat, no overlap); with `child`, the
 * seat is for a new confirmed child of the tester's.
 */
export async function bookGroup(
  request: APIRequestContext,
  booking: { testerId: string; groupId: string; child?: { firstName: string; lastName: string; birthDate: string } },
): Promise<void> {
  const response = await request.post('/api/test-support/booking', { headers: secretHeader(), data: booking });
  expect(response.status(), await response.text()).toBe(200);
}

/** A session of a seeded study the tester attended six weeks ago: online child registration opens then (decision 028). */
export async function attendStudy(request: APIRequestContext, testerId: string, studyNo = 24102): Promise<void> {
  const startsAt = new Date(Date.now() - 42 * 24 * 3600_000).toISOString();
  const response = await request.post('/api/test-support/booking', {
    headers: secretHeader(),
    data: { testerId, studyNo, startsAt, attended: true },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** An e-mailed study link's parameters: s (study GUID), t (tester id), d (signed data). */
export interface StudyLinkParameters {
  s: string;
  t: string;
  d: string;
  invitationId?: number;
}

/**
 * A study link for the tester and a seeded study, as the e-mails carry it (decision 026): an
 * invitation (its row made or reused), or a qualified screener's self-schedule link; made at
 * issuedAt (now unless told: a past instant gives an expired link).
 */
export async function mintStudyLink(
  request: APIRequestContext,
  link: { kind: 'invitation' | 'qualified'; testerId: string; studyNo: number; issuedAt?: string },
): Promise<StudyLinkParameters> {
  const response = await request.post('/api/test-support/study-link', { headers: secretHeader(), data: link });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as StudyLinkParameters;
}

/** E-mails an invitation of the tester to a seeded study through the outbox, as the staff console will (enqueueInvitation). */
export async function sendInvitation(request: APIRequestContext, invitation: { testerId: string; studyNo: number }): Promise<number> {
  const response = await request.post('/api/test-support/study-link', {
    headers: secretHeader(),
    data: { kind: 'invitation', send: true, ...invitation },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { invitationId: number }).invitationId;
}

/** An unconfirmed child's registration runs out (its 24 hours are over): the lists leave it out at once (decision 028). */
export async function expireChild(request: APIRequestContext, childId: string): Promise<void> {
  const response = await request.post('/api/test-support/child-expiry', { headers: secretHeader(), data: { childId } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Tester Services' confirming call on an unconfirmed child (decision 079): only then is it screened and booked. */
export async function confirmChildByPhone(request: APIRequestContext, childId: string): Promise<void> {
  const response = await request.post('/api/test-support/child-confirmation', { headers: secretHeader(), data: { childId } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Coins for the tester through the ledger (decision 034): the new balance. */
export async function grantCoins(request: APIRequestContext, testerId: string, coins: number): Promise<number> {
  const response = await request.post('/api/test-support/coins', { headers: secretHeader(), data: { testerId, coins } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { coins: number }).coins;
}

/**
 * Publishes a new terms version now (decision 041) that asks only the testers in `askOnly`: every
 * other tester who accepted a version is recorded as accepting it, so parallel tests never meet it.
 */
export async function publishTermsVersion(
  request: APIRequestContext,
  version: { askOnly: string[]; summaryEn: string; summaryEs?: string },
): Promise<{ version: number; publishedAt: string }> {
  const response = await request.post('/api/test-support/terms-version', {
    headers: secretHeader(),
    data: { summaryEs: 'Cambio de prueba.', ...version },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { version: number; publishedAt: string };
}

/** Suspends the tester as the no-show rule does (decision 046), for six months. */
export async function suspendTester(request: APIRequestContext, testerId: string): Promise<void> {
  const response = await request.post('/api/test-support/suspension', { headers: secretHeader(), data: { testerId } });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { suspended: boolean }).suspended).toBe(true);
}

/**
 * After a test published a terms version through the staff console (decision 057): every tester
 * but those in `askOnly` who accepted a version accepts the one in force, so parallel tests never meet it.
 */
export async function settleTermsVersion(request: APIRequestContext, askOnly: string[]): Promise<number | null> {
  const response = await request.post('/api/test-support/terms-settle', { headers: secretHeader(), data: { askOnly } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { version: number | null }).version;
}
