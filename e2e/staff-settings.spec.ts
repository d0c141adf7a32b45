import type { APIRequestContext } from '@playwright/test';
import { AVATAR_SETTINGS_TEXTS, type StaffAvatar, type StaffAvatarsResponse } from '@testerhub/shared/avatar-settings-schemas';
import { DAILY_BONUS_TEXTS } from '@testerhub/shared/daily-bonus-schemas';
import {
  LOYALTY_SETTINGS_TEXTS,
  type DailyCalendarResponse,
  type LevelsResponse,
  type WheelAndDrawingResponse,
} from '@testerhub/shared/loyalty-settings-schemas';
import { PERK_TEXTS } from '@testerhub/shared/perks-schemas';
import { PERK_SETTINGS_TEXTS, type PerksSettingsResponse } from '@testerhub/shared/perks-settings-schemas';
import { makePng } from '../apps/server/test/png';
import { readApi } from './support/api-read';
import { expect, test } from './fixtures';
import { grantCoins } from './support/test-support';
import { expectStaffPageSound, openFromConsoleHome, openStaffConsole } from './support/staff';

/**
 * Issue 12 section 6 (decision 056): content staff change a day of the daily calendar, the
 * spin's cost and level 2's experience on /staff/settings/loyalty; a tester in a second browser
 * context sees the new figures on the next page. axe on the page, at 360 px. The settings are the whole site's, so
 * this file runs in its own project after the rest of the suite (playwright.config.ts), and puts
 * the seed's figures back when it ends.
 */

test.use({ showLoginBonus: true });

/** A day no other spec claims (server-clock.spec.ts claims 27, 28 and 1 to 3). */
const DAY = 26;
const NEW_DAY_COINS = 137;
const NEW_SPIN_COST = 65;
const NEW_LEVEL_2 = 120;
const OUR_PAGE = { 'x-requested-with': 'TesterHub' };

const figures = async (request: APIRequestContext) => ({
  calendar: await readApi<DailyCalendarResponse>(request, '/api/staff/content/DailyCalendar'),
  events: await readApi<WheelAndDrawingResponse>(request, '/api/staff/content/WheelAndDrawing'),
  levels: await readApi<LevelsResponse>(request, '/api/staff/content/Levels'),
});

/** Puts back what was there before the test, from the versions stored now. */
async function restore(request: APIRequestContext, before: Awaited<ReturnType<typeof figures>>) {
  const now = await figures(request);
  const calendar = await request.post('/api/staff/content/SaveDailyCalendar', {
    headers: OUR_PAGE,
    data: { version: now.calendar.version, days: before.calendar.days },
  });
  const spin = await request.post('/api/staff/content/SaveWheel', {
    headers: OUR_PAGE,
    data: { ...before.events.wheel, version: now.events.wheel.version },
  });
  const levels = await request.post('/api/staff/content/SaveLevels', {
    headers: OUR_PAGE,
    data: { version: now.levels.version, levels: before.levels.levels.map(({ expRequired }) => ({ expRequired })) },
  });
  expect(((await calendar.json()) as { status: string }).status).toBe('succeed');
  expect(((await spin.json()) as { status: string }).status).toBe('succeed');
  expect(((await levels.json()) as { status: string }).status).toBe('succeed');
}

test('content staff change a calendar day, the spin cost and a level; a tester sees them on the next page', async ({
  loggedInPage: tester,
  testerSession,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const balance = await grantCoins(request, testerSession.tester.testerId, 500);
  const { page: staff, context } = await openStaffConsole(browser, baseURL!, request, { roles: ['content'] });
  const before = await figures(context.request);
  try {
    await openFromConsoleHome(staff, 'Loyalty settings');
    // The page's sections are closed until opened (decision 135).
    for (const section of ['Daily calendar', 'Wheel', 'Levels'])
      await staff.getByRole('button', { name: section, expanded: false }).click();
    const day = staff.getByRole('group', { name: `Day ${DAY}`, exact: true });
    await expect(day.getByLabel('Coins')).toHaveValue(String(before.calendar.days[DAY - 1]!.coins));
    await expectStaffPageSound(staff);

    // The calendar: a negative figure is refused at its field, then the new one saved.
    const calendarSection = staff.getByRole('region', { name: 'Daily calendar' });
    await day.getByLabel('Coins').fill('-5');
    await calendarSection.getByRole('button', { name: 'Save the calendar' }).click();
    await expect(day.getByText(LOYALTY_SETTINGS_TEXTS.notNegative)).toBeVisible();
    await day.getByLabel('Coins').fill(String(NEW_DAY_COINS));
    await calendarSection.getByRole('button', { name: 'Save the calendar' }).click();
    await expect(calendarSection.getByText(LOYALTY_SETTINGS_TEXTS.calendarSaved)).toBeVisible();

    // The wheel: the spin's cost.
    const wheelSection = staff.getByRole('region', { name: 'Wheel' });
    await wheelSection.getByLabel('Spin cost (coins)').fill(String(NEW_SPIN_COST));
    await wheelSection.getByRole('button', { name: 'Save the wheel' }).click();
    await expect(wheelSection.getByText(LOYALTY_SETTINGS_TEXTS.wheelSaved)).toBeVisible();
    await expect(wheelSection.getByLabel('Spin cost (coins)')).toHaveValue(String(NEW_SPIN_COST));

    // The levels: level 2 needs more experience than the level before it, then the new figure.
    const levelsSection = staff.getByRole('region', { name: 'Levels' });
    const level2 = levelsSection.getByLabel('Level 2 (experience)');
    await level2.fill('0');
    await levelsSection.getByRole('button', { name: 'Save the levels' }).click();
    await expect(levelsSection.getByText(LOYALTY_SETTINGS_TEXTS.levelsRising)).toBeVisible();
    await level2.fill(String(NEW_LEVEL_2));
    await levelsSection.getByRole('button', { name: 'Save the levels' }).click();
    await expect(levelsSection.getByText(LOYALTY_SETTINGS_TEXTS.levelsSaved)).toBeVisible();
    await expectStaffPageSound(staff);

    // The tester's next pages: the calendar at entry shows the new day, the wheel the new cost.
    await tester.goto('/community/main/screener');
    const calendar = tester.getByRole('dialog', { name: DAILY_BONUS_TEXTS.title });
    await expect(calendar).toBeVisible();
    await expect(tester.getByTestId(`daily-day-${DAY}`)).toContainText(String(NEW_DAY_COINS));
    await calendar.getByRole('button', { name: 'Later' }).click();
    // The level progress in the portal's header: level 1, with level 2 at the new figure.
    const progress = await readApi<{ exp: number }>(tester.request, '/api/profile/GetNextLevelEXP');
    expect(progress.exp).toBeLessThan(NEW_LEVEL_2);
    await tester.getByTestId('level-progress-button').focus();
    await expect(tester.getByTestId('level-progress-popover')).toContainText(`${progress.exp} / ${NEW_LEVEL_2} EXP`);
    await tester.keyboard.press('Escape');
    await tester.goto('/community/main/winners/try-your-luck');
    await expect(tester.getByTestId('wheel-panel').getByRole('button', { name: `Spin for ${NEW_SPIN_COST} coins` })).toBeEnabled();
    await expect(tester.getByTestId('wheel-coins')).toHaveText(balance.toLocaleString('en-US'));
    // A spin costs the new figure: the balance after it is the old one, less 65, plus one segment's coins.
    await tester
      .getByTestId('wheel-panel')
      .getByRole('button', { name: `Spin for ${NEW_SPIN_COST} coins` })
      .click();
    await expect(tester.getByTestId('wheel-result')).toBeVisible();
    const after = await readApi<{ coins: number }>(tester.request, '/api/account/GetPKTesterInfo');
    expect(before.events.wheel.segments.map((segment) => segment.coins)).toContain(after.coins - (balance - NEW_SPIN_COST));
  } finally {
    await restore(context.request, before);
    await context.close();
  }
});

// Avatars (decision 068): pictures no other spec chooses (perks.spec.ts uses avatar-02 and avatar-03).
test('content staff raise a picture’s level and hide another; a tester’s picture choice follows', async ({
  loggedInPage: tester,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { page: staff, context } = await openStaffConsole(browser, baseURL!, request, { roles: ['content'] });
  const stored = async () => (await readApi<StaffAvatarsResponse>(context.request, '/api/staff/content/Avatars')).avatars;
  const before = await stored();
  try {
    await staff.goto('/staff/settings/loyalty#avatars');
    const section = staff.getByRole('region', { name: 'Avatars' });
    const five = section.getByRole('article', { name: 'avatar-05.svg' });
    const six = section.getByRole('article', { name: 'avatar-06.svg' });
    await expect(five.getByLabel(/Unlocks at level/)).toHaveValue('4');
    await expectStaffPageSound(staff);

    await five.getByLabel(/Unlocks at level/).fill('99');
    await five.getByRole('button', { name: 'Save avatar-05.svg' }).click();
    await expect(five.getByText(AVATAR_SETTINGS_TEXTS.levelInvalid(10))).toBeVisible();
    await five.getByLabel(/Unlocks at level/).fill('9');
    await five.getByRole('button', { name: 'Save avatar-05.svg' }).click();
    await expect(five.getByRole('status')).toHaveText(AVATAR_SETTINGS_TEXTS.saved('avatar-05.svg'));
    await six.getByRole('checkbox', { name: 'Hidden from testers’ choice' }).check();
    await six.getByRole('button', { name: 'Save avatar-06.svg' }).click();
    await expect(six.getByRole('status')).toHaveText(AVATAR_SETTINGS_TEXTS.saved('avatar-06.svg'));
    await expect(six.getByText(/^Hidden · worn by/)).toBeVisible();
    await expectStaffPageSound(staff);

    // The tester's picture choice: avatar-05 needs level 9, avatar-06 is not offered.
    await tester.goto('/community/main/account/general');
    // This file shows the daily bonus at entry (test.use above): put it aside first.
    await tester.getByRole('dialog', { name: DAILY_BONUS_TEXTS.title }).getByRole('button', { name: 'Later' }).click();
    const tile = tester.getByRole('listitem').filter({ has: tester.getByRole('heading', { name: 'My Profile' }) });
    await tile.getByRole('button', { name: 'Change picture' }).click();
    const dialog = tester.getByRole('dialog', { name: 'My Profile' });
    await expect(dialog.getByRole('radio', { name: 'Picture avatar-05, needs level 9' })).toBeDisabled();
    await expect(dialog.getByRole('radio', { name: /Picture avatar-0/ })).toHaveCount(5);
    await expect(dialog.getByRole('radio', { name: /avatar-06/ })).toHaveCount(0);
  } finally {
    // Put back the stored level and visibility of every picture this test touched, from the versions stored now.
    for (const now of await stored()) {
      const was = before.find((picture) => picture.imageId === now.imageId);
      if (!was || (was.requireLevel === now.requireLevel && was.hidden === now.hidden)) continue;
      const answer = await context.request.post('/api/staff/content/SaveAvatar', {
        headers: OUR_PAGE,
        data: { imageId: now.imageId, version: now.version, requireLevel: was.requireLevel, hidden: was.hidden },
      });
      expect(((await answer.json()) as { status: string }).status).toBe('succeed');
    }
    await context.close();
  }
});

// An added picture (decision 068): a PNG made here, uploaded, offered to a tester at level 1, chosen, shown in
// the portal shell from the server's address; hidden again at the end (its wearer keeps it, the other specs never see it).
test('content staff add a PNG picture; a tester chooses it and the portal shows it', async ({
  loggedInPage: tester,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { page: staff, context } = await openStaffConsole(browser, baseURL!, request, { roles: ['content'] });
  let added: StaffAvatar | undefined;
  try {
    await staff.goto('/staff/settings/loyalty#avatars');
    const form = staff.getByRole('form', { name: 'Add a picture' });
    // An SVG is refused at the field, whatever its name and type say.
    await form
      .getByLabel('Picture file')
      .setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await expect(form.getByText(AVATAR_SETTINGS_TEXTS.imageSvg)).toBeVisible();
    await form
      .getByLabel('Picture file')
      .setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: makePng(96, 96, [0xd0, 0x40, 0x20]) });
    await expect(form.getByRole('img', { name: 'The chosen picture' })).toBeVisible();
    await form.getByRole('checkbox', { name: /Hidden from testers’ choice/ }).uncheck();
    const answer = staff.waitForResponse((response) => response.url().endsWith('/api/staff/content/AddAvatar'));
    await form.getByRole('button', { name: 'Add picture' }).click();
    added = ((await (await answer).json()) as { avatar: StaffAvatar }).avatar;
    const card = staff.getByRole('region', { name: 'Avatars' }).getByRole('article', { name: added.fileName });
    await expect(card.getByText(/^Offered · worn by 0 testers/)).toBeVisible();
    await expect(staff.getByRole('region', { name: 'Add a picture' }).getByRole('status')).toHaveText(
      AVATAR_SETTINGS_TEXTS.added(added.fileName),
    );
    // The card's image is drawn from the server's bytes.
    await expect.poll(() => card.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(96);
    await expectStaffPageSound(staff);

    await tester.goto('/community/main/account/general');
    await tester.getByRole('dialog', { name: DAILY_BONUS_TEXTS.title }).getByRole('button', { name: 'Later' }).click();
    const tile = tester.getByRole('listitem').filter({ has: tester.getByRole('heading', { name: 'My Profile' }) });
    await tile.getByRole('button', { name: 'Change picture' }).click();
    const dialog = tester.getByRole('dialog', { name: 'My Profile' });
    await dialog.getByRole('radio', { name: `Picture ${added.fileName.replace(/\.png$/, '')}` }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    const shell = tester.getByTestId('level-progress-button').locator('img');
    await expect(shell).toHaveAttribute('src', added.imageSrc);
    await expect.poll(() => shell.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(96);
    await expect(tile.locator('img')).toHaveAttribute('src', added.imageSrc);
  } finally {
    // Hidden again: later specs count the pictures offered. Its wearer keeps it (decision 068).
    if (added) {
      const now = (await readApi<StaffAvatarsResponse>(context.request, '/api/staff/content/Avatars')).avatars.find(
        (picture) => picture.imageId === added!.imageId,
      )!;
      const hidden = await context.request.post('/api/staff/content/SaveAvatar', {
        headers: OUR_PAGE,
        data: { imageId: now.imageId, version: now.version, requireLevel: now.requireLevel, hidden: true },
      });
      expect(((await hidden.json()) as { status: string }).status).toBe('succeed');
    }
    await context.close();
  }
});

/** Issue 12 section 6 (decision 064): a perk level's coin cost changed by content staff, seen on the tester's perks page, then put back. */
const NEW_PERK_COST = 65;

test('content staff change a perk level’s coin cost; a tester sees it in the perks', async ({
  loggedInPage: tester,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { page: staff, context } = await openStaffConsole(browser, baseURL!, request, { roles: ['content'] });
  const perksNow = async () =>
    (await readApi<PerksSettingsResponse>(context.request, '/api/staff/content/Perks')).perks.find(
      (perk) => perk.effectKey === 'dailyBonusCoins',
    )!;
  const before = await perksNow();
  try {
    await staff.goto('/staff/settings/loyalty');
    await staff.getByRole('button', { name: 'Perks', expanded: false }).click();
    const form = staff.getByRole('form', { name: before.name });
    const level1 = form.getByRole('group', { name: `${before.name} level 1` });
    await expect(level1.getByLabel('Coins to upgrade')).toHaveValue(String(before.levels[0]!.requireCoins));
    // A figure beyond the effect's bound is refused at its field.
    await level1.getByLabel('Extra coins each daily bonus').fill('1001');
    await form.getByRole('button', { name: `Save ${before.name}` }).click();
    await expect(level1.getByText(LOYALTY_SETTINGS_TEXTS.tooHigh(1000))).toBeVisible();
    await level1.getByLabel('Extra coins each daily bonus').fill(String(before.levels[0]!.effectValue));
    await level1.getByLabel('Coins to upgrade').fill(String(NEW_PERK_COST));
    await form.getByRole('button', { name: `Save ${before.name}` }).click();
    await expect(staff.getByText(PERK_SETTINGS_TEXTS.perkSaved(before.name))).toBeVisible();
    await expectStaffPageSound(staff);

    // The tester's perks: level 1 now costs the new figure.
    await tester.goto('/community/main/account/general');
    const bonus = tester.getByRole('dialog', { name: DAILY_BONUS_TEXTS.title });
    await bonus.getByRole('button', { name: 'Later' }).click();
    await tester.getByRole('button', { name: 'Open perks' }).click();
    const perks = tester.getByRole('dialog', { name: PERK_TEXTS.title });
    await perks.getByRole('button', { name: new RegExp(before.name) }).click();
    await expect(perks.getByTestId('perk-detail')).toContainText(`${NEW_PERK_COST} coins`);
  } finally {
    const now = await perksNow();
    const back = await context.request.post('/api/staff/content/SavePerk', {
      headers: OUR_PAGE,
      data: {
        version: now.version,
        skillTypeId: before.skillTypeId,
        name: before.name,
        description: before.description,
        levels: before.levels.map(({ level: _level, ...row }) => row),
      },
    });
    expect(((await back.json()) as { status: string }).status).toBe('succeed');
    await context.close();
  }
});

test('content staff move the weekly drawing to Thursday; a tester’s page names the day (decision 065)', async ({
  loggedInPage: tester,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { page: staff, context } = await openStaffConsole(browser, baseURL!, request, { roles: ['content'] });
  const before = (await figures(context.request)).events.drawing;
  try {
    await staff.getByRole('main').getByRole('link', { name: 'Loyalty settings' }).click();
    await staff.getByRole('button', { name: 'Weekly drawing', expanded: false }).click();
    const drawingSection = staff.getByRole('region', { name: 'Weekly drawing' });
    await expect(drawingSection.getByLabel('Drawing day')).toHaveValue(String(before.drawingDay));
    await drawingSection.getByLabel('Drawing day').selectOption({ label: 'Thursday' });
    await drawingSection.getByRole('button', { name: 'Save the drawing' }).click();
    await expect(drawingSection.getByText(LOYALTY_SETTINGS_TEXTS.drawingSaved)).toBeVisible();
    await expect(drawingSection.getByLabel('Drawing day')).toHaveValue('4');
    await expectStaffPageSound(staff);

    await tester.goto('/community/main/winners/try-your-luck');
    await expect(tester.getByText(/The winner is drawn on Thursday\./)).toBeVisible();
  } finally {
    const now = (await figures(context.request)).events.drawing;
    const back = await context.request.post('/api/staff/content/SaveDrawing', {
      headers: OUR_PAGE,
      data: { ...before, version: now.version },
    });
    expect(((await back.json()) as { status: string }).status).toBe('succeed');
    await context.close();
  }
});
