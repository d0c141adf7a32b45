import type { APIRequestContext, Page } from '@playwright/test';
import { CHILD_FLOW_TEXTS } from '@testerhub/shared/children-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { loginForm, pathOf } from './support/accounts';
import { findLink, waitForMessage } from './support/mailbox';
import {
  addSessionCookie,
  createBooking,
  createGroup,
  createTester,
  mintStudyLink,
  sendInvitation,
  startSession,
  type StudyLinkParameters,
  type SupportTester,
} from './support/test-support';

/**
 * Issue 10, section 4: e-mailed study links at login (spec 2, "Login-time study links"; decision
 * 026), in Chromium on the production build. Each test makes its own tester and link (through the
 * test-support route, as the invitation e-mail or a qualified screener makes them), opens the link
 * before logging in, logs in on the form the link leads to, and meets the answer's page or notice.
 */

const STUDY = {
  cereal: 24101,
  kidSnacks: 24104,
  cleaning: 24106,
  streaming: 24107,
  cookies: 24109,
} as const;
const CLEANING_TITLE = 'Online screener: household cleaning habits, 10 minutes';
const OUTSIDE_HOST = 'surveys.testerhub.example';
/** The web app's texts (apps/web/src/features/screeners/screener-texts.ts STUDY_LINK_TEXTS). */
const TEXTS = {
  mismatchTitle: 'This link is for another account',
  mismatch: 'The username and password you logged in with do not match this study link.',
  invalidTitle: 'Invalid link',
  invalid: 'This study link is not valid or has expired.',
  noSeatTitle: 'Study not available',
  noSeat: 'Oh No! This study is no longer available...',
  priorityTitle: 'You are already scheduled',
  priority: 'You already have an upcoming study booked, and it comes first',
} as const;

const linkPath = (link: Pick<StudyLinkParameters, 's' | 't' | 'd'> & { k?: string }) =>
  `/community?${new URLSearchParams({ s: link.s, t: link.t, d: link.d, ...(link.k ? { k: link.k } : {}) })}`;

const storedLink = (page: Page) => page.evaluate(() => ['s', 't', 'd', 'k'].map((key) => sessionStorage.getItem(key)));

/**
 * Opens the e-mailed link with no session: the account root keeps s, t and d, the portal asks for a
 * login, and the login form already shows the link's tester's username (only for a link this server
 * signed for that tester and still valid; `signed` false: a forged or expired one, which shows none,
 * decision 075). Logs in as `who`.
 */
async function openLinkThenLogIn(
  page: Page,
  link: StudyLinkParameters,
  linkTester: SupportTester,
  who: SupportTester = linkTester,
  address = linkPath(link),
  signed = true,
) {
  const usernameAnswer = signed
    ? null
    : page.waitForResponse((response) => new URL(response.url()).pathname === '/api/account/GetLoginUsername');
  await page.goto(address);
  await expect(page).toHaveURL('/community/login');
  const form = loginForm(page);
  if (signed) await expect(form.username).toHaveValue(linkTester.username);
  else {
    expect(await (await usernameAnswer)!.json()).toEqual({ status: 'failed', name: '' });
    await expect(form.username).toHaveValue('');
  }
  expect(await storedLink(page)).toEqual([link.s, link.t, link.d, null]);
  await form.username.fill(who.username);
  await form.password.fill(who.password);
  await form.submit.click();
}

async function invitedTester(request: APIRequestContext, studyNo: number) {
  const tester = await createTester(request);
  const link = await mintStudyLink(request, { kind: 'invitation', testerId: tester.testerId, studyNo });
  return { tester, link };
}

/** A day from now plus `hours`, as an ISO instant. */
const hoursAhead = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

test.describe('study links opened before login', () => {
  test('common then succeed: an invitation opens the study’s hosted screener', async ({ page, request }) => {
    const { tester, link } = await invitedTester(request, STUDY.cleaning);
    await openLinkThenLogIn(page, link, tester);
    await expect(page).toHaveURL(`/community/main/screener/${STUDY.cleaning}`);
    await expect(page.getByRole('heading', { level: 1, name: CLEANING_TITLE })).toBeVisible();
    expect(await storedLink(page)).toEqual([null, null, null, null]);
    await expectNoAxeViolations(page);
  });

  test('succeed for a qualified link: on to the self-schedule page with s, t and d', async ({ page, request }) => {
    const tester = await createTester(request);
    await createGroup(request, {
      studyNo: STUDY.cleaning,
      kind: 'virtual',
      seats: 3,
      sessions: [{ startsAt: hoursAhead(24 * 6), endsAt: hoursAhead(24 * 6 + 1) }],
    });
    const link = await mintStudyLink(request, { kind: 'qualified', testerId: tester.testerId, studyNo: STUDY.cleaning });
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await openLinkThenLogIn(page, link, tester);
    await expect.poll(() => visited.some((url) => new URL(url).pathname === '/community/main/schedule/self')).toBe(true);
    const self = new URL(visited.find((url) => new URL(url).pathname === '/community/main/schedule/self')!);
    expect(Object.fromEntries(self.searchParams)).toEqual({ s: link.s, t: link.t, d: link.d });
  });

  test('ts: a tester already booked in the study goes to the schedule check', async ({ page, request }) => {
    const { tester, link } = await invitedTester(request, STUDY.cereal);
    await createBooking(request, { testerId: tester.testerId, studyNo: STUDY.cereal, startsAt: hoursAhead(24 * 4) });
    await openLinkThenLogIn(page, link, tester);
    await expect(page).toHaveURL('/community/main/schedule/check');
    await expect(page.getByRole('heading', { level: 1, name: 'My schedule' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('hasSchedule: the schedule check with the priority notice', async ({ page, request }) => {
    const tester = await createTester(request);
    await createBooking(request, { testerId: tester.testerId, studyNo: STUDY.cereal, startsAt: hoursAhead(24 * 4) });
    const link = await mintStudyLink(request, { kind: 'qualified', testerId: tester.testerId, studyNo: STUDY.cleaning });
    await openLinkThenLogIn(page, link, tester);
    const notice = page.getByRole('dialog', { name: TEXTS.priorityTitle });
    await expect(notice).toContainText(TEXTS.priority);
    await expect(page).toHaveURL('/community/main/schedule/check');
    await expectNoAxeViolations(page);
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My schedule' })).toBeVisible();
  });

  test('differentAccount: logging in as someone else shows the mismatch notice, clears the link and logs out', async ({
    page,
    request,
  }) => {
    const { tester, link } = await invitedTester(request, STUDY.cleaning);
    const someoneElse = await createTester(request);
    await openLinkThenLogIn(page, link, tester, someoneElse);
    const notice = page.getByRole('dialog', { name: TEXTS.mismatchTitle });
    await expect(notice).toContainText(TEXTS.mismatch);
    expect(await storedLink(page)).toEqual([null, null, null, null]);
    await expectNoAxeViolations(page);
    await notice.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/community/login');
    // The session is gone: the portal asks for a login again.
    await page.goto('/community/main/screener');
    await expect(page).toHaveURL('/community/login');
  });

  test('invalid study: a forged link shows the invalid-link notice and clears the link', async ({ page, request }) => {
    const { tester, link } = await invitedTester(request, STUDY.cleaning);
    const [body, signature] = link.d.split('.');
    const forged = { ...link, d: `${body}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}` };
    await openLinkThenLogIn(page, forged, tester, tester, linkPath(forged), false);
    const notice = page.getByRole('dialog', { name: TEXTS.invalidTitle });
    await expect(notice).toContainText(TEXTS.invalid);
    expect(await storedLink(page)).toEqual([null, null, null, null]);
    await expectNoAxeViolations(page);
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL('/community/main/screener');
  });

  test('invalid study: an expired link too', async ({ page, request }) => {
    const tester = await createTester(request);
    const issuedAt = new Date(Date.now() - 15 * 24 * 3600_000).toISOString();
    const link = await mintStudyLink(request, { kind: 'invitation', testerId: tester.testerId, studyNo: STUDY.cleaning, issuedAt });
    await openLinkThenLogIn(page, link, tester, tester, linkPath(link), false);
    await expect(page.getByRole('dialog', { name: TEXTS.invalidTitle })).toContainText(TEXTS.invalid);
  });

  test("noSeat: a closed study's invitation says 'Oh No! This study is no longer available...'", async ({ page, request }) => {
    const { tester, link } = await invitedTester(request, STUDY.cookies);
    await openLinkThenLogIn(page, link, tester);
    const notice = page.getByRole('dialog', { name: TEXTS.noSeatTitle });
    await expect(notice).toContainText(TEXTS.noSeat);
    await expectNoAxeViolations(page);
  });

  test('child: a kid study’s invitation opens the child popup; with no child yet it asks to register, and closing clears the link', async ({
    page,
    request,
  }) => {
    const { tester, link } = await invitedTester(request, STUDY.kidSnacks);
    await openLinkThenLogIn(page, link, tester);
    const popup = page.getByRole('dialog', { name: 'Register your child?' });
    await expect(popup).toContainText(CHILD_FLOW_TEXTS.notFoundQuestion);
    await expectNoAxeViolations(page);
    await popup.getByRole('button', { name: 'No' }).click();
    await expect(popup).toBeHidden();
    expect(await page.evaluate(() => ['s', 't', 'd', 'e', 'k'].map((key) => sessionStorage.getItem(key)))).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  test('kidOnly: a link naming a child asks GetKidStudyInfo and opens the same child popup', async ({ page, request }) => {
    const { tester, link } = await invitedTester(request, STUDY.kidSnacks);
    const kid = '5b0e4f3c-2a41-4c8e-9d7a-0f1e2d3c4b5a';
    const calls: string[] = [];
    page.on('request', (call) => calls.push(new URL(call.url()).pathname));
    await page.goto(linkPath({ ...link, k: kid }));
    await expect(page).toHaveURL('/community/login');
    const form = loginForm(page);
    await expect(form.username).toHaveValue(tester.username);
    await form.password.fill(tester.password);
    await form.submit.click();
    await expect(page.getByRole('dialog', { name: 'Register your child?' })).toContainText(CHILD_FLOW_TEXTS.notFoundQuestion);
    expect(calls).toContain('/api/study/GetKidStudyInfo');
    expect(calls).not.toContain('/api/study/GetStudyInfo');
    await expectNoAxeViolations(page);
  });

  test('external: an outside-screener study’s invitation leaves for the allow-listed survey with its token', async ({
    page,
    context,
    request,
  }) => {
    const outside: URL[] = [];
    await context.route(`https://${OUTSIDE_HOST}/**`, async (route) => {
      outside.push(new URL(route.request().url()));
      await route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><head><title>Outside survey</title></head><body><main><h1>Outside survey</h1></main></body></html>',
      });
    });
    const { tester, link } = await invitedTester(request, STUDY.streaming);
    await openLinkThenLogIn(page, link, tester);
    await page.waitForURL((url) => url.hostname === OUTSIDE_HOST);
    expect(outside).toHaveLength(1);
    expect(outside[0]!.pathname).toBe('/s/streaming-24107');
    expect(outside[0]!.searchParams.get('tk')).toMatch(/^[\w-]{43}$/);
  });

  test('other: a tester who already finished the screener is sent to the screener list', async ({ page, request }) => {
    const tester = await createTester(request);
    // The tester finishes 24106's screener (cleaning rarely disqualifies) before opening the invitation.
    const cookie = await startSession(request, { testerId: tester.testerId });
    const headers = { cookie: `${cookie.name}=${cookie.value}`, 'x-requested-with': 'TesterHub' };
    const run = await request.get(`/api/screener/${STUDY.cleaning}`, { headers });
    const { questions } = (await run.json()) as { questions: { id: number; prompt: string; options: { id: number; label: string }[] }[] };
    const often = questions.find((question) => question.prompt.startsWith('How often'))!;
    const products = questions.find((question) => question.prompt.startsWith('Which products'))!;
    const answers = {
      [often.id]: often.options.find((option) => option.label === 'Rarely')!.id,
      [products.id]: products.options.slice(0, 2).map((option) => option.id),
    };
    const done = await request.post(`/api/screener/${STUDY.cleaning}/complete`, { headers, data: { answers } });
    expect(((await done.json()) as { outcome: string }).outcome).toBe('disqualified');

    const link = await mintStudyLink(request, { kind: 'invitation', testerId: tester.testerId, studyNo: STUDY.cleaning });
    const studyInfo = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/study/GetStudyInfo');
    await openLinkThenLogIn(page, link, tester);
    expect(await (await studyInfo).json()).toMatchObject({ status: 'other', url: '/community/main/screener' });
    await expect(page).toHaveURL('/community/main/screener');
    await expect(page.getByRole('heading', { level: 1, name: 'Available studies' })).toBeVisible();
    await expect.poll(() => storedLink(page)).toEqual([null, null, null, null]);
    await expectNoAxeViolations(page);
  });

  test('the invitation e-mail: its /community link with s, t and d leads to the screener after login', async ({ page, request }) => {
    const tester = await createTester(request);
    await sendInvitation(request, { testerId: tester.testerId, studyNo: STUDY.cleaning });
    const message = await waitForMessage({ to: tester.email, subject: 'You are invited to a new TesterHub study' });
    expect(message.text).toContain(CLEANING_TITLE);
    const link = findLink(message, '/community');
    expect([...link.searchParams.keys()].sort()).toEqual(['d', 's', 't']);
    expect(link.searchParams.get('t')).toBe(tester.testerId);
    await openLinkThenLogIn(
      page,
      { s: link.searchParams.get('s')!, t: link.searchParams.get('t')!, d: link.searchParams.get('d')! },
      tester,
      tester,
      pathOf(link),
    );
    await expect(page).toHaveURL(`/community/main/screener/${STUDY.cleaning}`);
    await expect(page.getByRole('heading', { level: 1, name: CLEANING_TITLE })).toBeVisible();
  });
});

test.describe('a study link opened while logged in', () => {
  test('succeed: the invited tester goes straight to the screener without a login', async ({ page, context, request, baseURL }) => {
    const { tester, link } = await invitedTester(request, STUDY.cleaning);
    await addSessionCookie(context, baseURL!, await startSession(request, { testerId: tester.testerId }));
    await page.goto(linkPath(link));
    await expect(page).toHaveURL(`/community/main/screener/${STUDY.cleaning}`);
    await expect(page.getByRole('heading', { level: 1, name: CLEANING_TITLE })).toBeVisible();
  });
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the mismatch and no-seat notices fit the screen and pass axe', async ({ page, request }) => {
    const { tester, link } = await invitedTester(request, STUDY.cookies);
    await openLinkThenLogIn(page, link, tester);
    const notice = page.getByRole('dialog', { name: TEXTS.noSeatTitle });
    await expect(notice).toContainText(TEXTS.noSeat);
    await expectNoAxeViolations(page);
    await expect
      .poll(async () => {
        const box = await notice.boundingBox();
        return box && { fromLeftEdge: box.x >= 0, toRightEdge: box.x + box.width <= 360 };
      })
      .toEqual({ fromLeftEdge: true, toRightEdge: true });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await notice.getByRole('button', { name: 'Close' }).click();

    const other = await invitedTester(request, STUDY.cleaning);
    await page.goto(linkPath(other.link));
    const mismatch = page.getByRole('dialog', { name: TEXTS.mismatchTitle });
    await expect(mismatch).toContainText(TEXTS.mismatch);
    await expectNoAxeViolations(page);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
