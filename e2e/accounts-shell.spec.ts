import { test, expect, expectNoAxeViolations } from './fixtures';
import { isSessionCookie } from './support/accounts';

/** The portal shell's entry check and logout (spec 2, section 2; GUIDE section 5: sessions deleted at logout). */
test.describe('portal shell', () => {
  test('a protected page without a session lands on login', async ({ page }) => {
    expect((await page.context().cookies()).filter((cookie) => isSessionCookie(cookie.name))).toEqual([]);
    await page.goto('/community/main/screener');
    await expect(page).toHaveURL('/community/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expectNoAxeViolations(page);
    const answer = await page.request.get('/api/account/GetPKTesterInfo');
    expect(answer.status()).toBe(401);
  });

  // Logged in by the testerSession fixture (the session row written by the server): this test is about logout.
  test('logout ends the session: the old session cookie is refused with 401 afterwards @postgres', async ({
    loggedInPage: page,
    testerSession: { tester },
  }) => {
    await page.goto('/community/main/screener');
    await expect(page).toHaveURL('/community/main/screener');
    await expect(page.getByRole('heading', { level: 1, name: 'Available studies' })).toBeVisible();
    await expectNoAxeViolations(page);

    const session = (await page.context().cookies()).find((cookie) => isSessionCookie(cookie.name));
    expect(session, 'the session cookie').toBeTruthy();
    expect(session!.httpOnly).toBe(true);
    const withOldCookie = () =>
      page.request.get('/api/account/GetPKTesterInfo', { headers: { cookie: `${session!.name}=${session!.value}` } });
    const before = await withOldCookie();
    expect(before.status()).toBe(200);
    expect(await before.json()).toMatchObject({ username: tester.username, level: 1 });

    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/community/login');
    await expectNoAxeViolations(page);
    expect((await page.context().cookies()).filter((cookie) => isSessionCookie(cookie.name))).toEqual([]);

    const after = await withOldCookie();
    expect(after.status()).toBe(401);
    await page.goto('/community/main/screener');
    await expect(page).toHaveURL('/community/login');
  });
});
