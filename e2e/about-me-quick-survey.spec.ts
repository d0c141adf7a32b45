import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { createTester, startSession, type SessionCookie } from './support/test-support';

/**
 * Issue 9, "What shows it is done": About-me (answering a group inside its min/max rules, the
 * reward dialog, crossing a level) and quick surveys (the Other/None rules, the chart, a done
 * survey reopening on its results), in Chromium on the production build. Each test makes its own
 * tester, who starts at level 1 with 0 experience and the welcome coins. The About-me groups and
 * surveys are seed-surveys.ts's; the level table is seed-data.ts's (level 2 at 100 EXP, 3 at 250).
 */

const ABOUT_ME = '/community/main/about-me';
const QUICK_SURVEY = '/community/main/quick-survey';
const SCREENER_LIST = '/community/main/screener';

/** The seeded About-me groups, in their order: title, coins and experience. */
const GROUP = {
  home: { title: 'Your home and pets', coins: 50, exp: 120 },
  shopping: { title: 'Shopping habits', coins: 40, exp: 60 },
  food: { title: 'Food and drink', coins: 30, exp: 50 },
} as const;

/** The seeded quick surveys, in their order. */
const SURVEY = {
  morning: { jobID: 5001, shortName: 'Morning drinks', coins: 20, exp: 30 },
  snacks: { jobID: 5002, shortName: 'Snack time', coins: 15, exp: 25 },
  streaming: { jobID: 5003, shortName: 'Streaming at home', coins: 25, exp: 40 },
} as const;

/** Spec 2, sections 2 and 8, and the pages' texts (about-me-texts.ts, quick-survey-texts.ts, reward-popup.tsx). */
const TEXTS = {
  aboutMeEmpty: 'You have answered our most recent questions, but we will have more soon. Please check back tomorrow!',
  quickSurveyEmpty: 'You have answered our most recent quick surveys, but we will have more soon. Please check back tomorrow!',
  complete: 'Complete Survey',
  back: 'Go back to List',
  commentTooShort: 'Please write at least 2 characters.',
  commentTooLong: 'Comments are limited to 200 characters.',
  levelUp: 'Congratulations! Your experience took you to a new level.',
} as const;

/** The study that targets the About-me answer "I own a dog" (studies-seed.ts, 24110). */
const DOG_STUDY = 'Online survey for dog owners: dog food, 10 minutes';

// ---------------------------------------------------------------------------------------------
// Page helpers

/** Accepts the cookie notice, so it covers nothing at the foot of the page. */
async function acceptCookieNotice(page: Page) {
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  await notice.getByRole('button', { name: 'Accept' }).click();
  await expect(notice).toBeHidden();
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The shell's level badge and coin count (spec 2, "Main area shell"). */
function shell(page: Page) {
  const button = page.getByTestId('level-progress-button');
  return { button, level: button.locator('.level-progress__badge'), coins: button.locator('.level-progress__coins') };
}

async function expectShell(page: Page, level: number, coins: number) {
  const { level: badge, coins: count } = shell(page);
  await expect(badge).toHaveText(`Lv ${level}`);
  await expect(count).toHaveText(`${coins.toLocaleString('en-US')} coins`);
}

/** Opens the shell's progress popover (it opens on focus) and checks its lines. */
async function expectProgressPopover(page: Page, lines: string[]) {
  await shell(page).button.focus();
  const popover = page.getByTestId('level-progress-popover');
  await expect(popover).toBeVisible();
  for (const line of lines) await expect(popover).toContainText(line);
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
}

const groupList = (page: Page) => page.getByRole('list', { name: 'Question groups' });
const groupButton = (page: Page, group: { title: string; coins: number }) =>
  groupList(page).getByRole('button', { name: `${group.title} ${group.coins} coins` });

async function openAboutMe(page: Page) {
  await page.goto(ABOUT_ME);
  await expect(page.getByRole('heading', { level: 1, name: 'About me' })).toBeVisible();
}

/** The group's questions are shown: its heading, its coins, and 'Complete Survey' still disabled. */
async function openGroup(page: Page, group: { title: string; coins: number }) {
  await groupButton(page, group).click();
  await expect(page.getByRole('heading', { level: 2, name: group.title })).toBeVisible();
  await expect(page.getByText(`${group.coins} coins for answering every question.`)).toBeVisible();
  await expect(completeButton(page)).toBeDisabled();
}

const completeButton = (page: Page) => page.getByRole('button', { name: TEXTS.complete, exact: true });
const questionSet = (page: Page, legend: string) => page.getByRole('group', { name: legend });

/** The reward result popup before or after the level check (spec 3, "Experience and level popups"). */
async function expectRewardSummary(dialog: Locator, reward: { task: string; coins: number; exp: number }) {
  await expect(dialog).toContainText(reward.task);
  await expect(dialog.getByTestId('reward-coins')).toHaveText(`+${reward.coins} coins`);
  await expect(dialog.getByTestId('reward-exp')).toHaveText(`+${reward.exp} EXP`);
}

/** The reward popup without a level crossed: the bar at exp over next-level exp, its explanation. */
async function expectTaskComplete(page: Page, reward: { task: string; coins: number; exp: number }, after: { exp: number; next: number }) {
  const dialog = page.getByRole('dialog', { name: 'Task complete' });
  await expect(dialog).toBeVisible();
  await expectRewardSummary(dialog, reward);
  const bar = dialog.getByRole('progressbar', { name: 'Experience' });
  const percent = Math.floor((after.exp / after.next) * 100);
  await expect(bar).toHaveAttribute('aria-valuenow', String(percent));
  await expect(bar).toHaveAttribute('aria-valuetext', `${percent}%`);
  await expect(dialog).toContainText(`${after.exp} / ${after.next} EXP: ${after.next - after.exp} EXP to the next level`);
  return dialog;
}

// ---------------------------------------------------------------------------------------------
// API helpers (the tester's own calls, as the pages make them)

function asTester(request: APIRequestContext, cookie: SessionCookie) {
  const headers = { cookie: `${cookie.name}=${cookie.value}`, 'x-requested-with': 'TesterHub', 'content-type': 'application/json' };
  const call = async <T>(path: string, data?: unknown): Promise<T> => {
    const response =
      data === undefined
        ? await request.get(`/api${path}`, { headers })
        : await request.post(`/api${path}`, { headers, data: JSON.stringify(data) });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  };
  return call;
}

interface QuickResult {
  questionName: string;
  answerNames: string[];
  answerCounts: number[];
}

interface QuickQuestion {
  jobID: number;
  questionIndex: number;
  styleTypeStyle: 'checkbox' | 'radio' | 'textbox';
  questionScales: { valueKey: string }[];
}

/** Answers a survey through the API with its first choices (a comment for text questions). */
async function answerSurveyThroughApi(call: ReturnType<typeof asTester>, jobID: number) {
  const { customQuestionInfo } = await call<{ customQuestionInfo: QuickQuestion[] }>('/quickQuestion/GetQuestions', jobID);
  const records = customQuestionInfo.map((question) => ({
    jobID,
    questionIndex: question.questionIndex,
    response: question.styleTypeStyle === 'textbox' ? [] : [question.questionScales[0]!.valueKey],
    codedResponse: question.styleTypeStyle === 'textbox' ? 'Nothing to add' : '',
  }));
  expect(await call('/quickQuestion/UpdateResponse', records)).toEqual({ status: 'succeed' });
}

/**
 * The survey's counts just before this test's tester answers: another tester of this test answers
 * it through the API and reads its results (only a tester who answered may). The surveys are
 * answered only by the serial tests below, so nothing else moves the counts meanwhile.
 */
async function countsBefore(request: APIRequestContext, jobID: number): Promise<QuickResult[]> {
  const helper = await createTester(request);
  const call = asTester(request, await startSession(request, { testerId: helper.testerId }));
  await answerSurveyThroughApi(call, jobID);
  const result = await call<{ status: string; results: QuickResult[] }>('/quickQuestion/GetResult', jobID);
  expect(result.status).toBe('succeed');
  return result.results;
}

/** The counts after one more tester chose `chosen` (answer names) for each question. */
function plusOne(before: QuickResult[], chosen: Record<string, string[]>): QuickResult[] {
  return before.map((question) => ({
    ...question,
    answerCounts: question.answerNames.map(
      (name, index) => question.answerCounts[index]! + (chosen[question.questionName]?.includes(name) ? 1 : 0),
    ),
  }));
}

/** Each question's chart, as text for screen readers: its caption, and every answer with 'count (percent%)'. */
async function expectCharts(page: Page, expected: QuickResult[]) {
  const tables = page.getByRole('table');
  await expect(tables).toHaveCount(expected.length);
  for (const question of expected) {
    const table = page.getByRole('table', { name: question.questionName });
    await expect(table).toBeVisible();
    const total = question.answerCounts.reduce((sum, count) => sum + count, 0);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(question.answerNames.length);
    for (const [index, name] of question.answerNames.entries()) {
      const row = rows.nth(index);
      const count = question.answerCounts[index]!;
      await expect(row.getByRole('rowheader')).toHaveText(name);
      await expect(row.getByRole('cell')).toHaveText(`${count} (${Math.round((count / total) * 100)}%)`);
    }
  }
}

const surveyList = (page: Page) => page.getByRole('list', { name: 'Quick surveys' });
const openSurveyButton = (page: Page, survey: { shortName: string; coins: number }) =>
  surveyList(page).getByRole('button', { name: `${survey.shortName} ${survey.coins} coins`, exact: true });
const doneSurveyButton = (page: Page, survey: { shortName: string }) =>
  surveyList(page).getByRole('button', { name: `${survey.shortName} done`, exact: true });

async function openQuickSurvey(page: Page) {
  await page.goto(QUICK_SURVEY);
  await expect(page.getByRole('heading', { level: 1, name: 'Quick survey' })).toBeVisible();
  await expect(surveyList(page)).toBeVisible();
}

/** The results view: its heading, 'Go back to List', and no answering form. */
async function expectResultsView(page: Page, shortName: string) {
  await expect(page.getByRole('heading', { level: 2, name: `${shortName}: what testers answered` })).toBeVisible();
  await expect(page.getByRole('button', { name: TEXTS.back })).toBeVisible();
  await expect(completeButton(page)).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
}

// ---------------------------------------------------------------------------------------------

test.describe('About me', () => {
  test('a group answered inside its min/max rules pays its coins once; the shell and the list keep it after a reload @postgres', async ({
    loggedInPage: page,
    testerSession,
  }) => {
    const start = testerSession.tester.coins;
    // HOME's side-menu entry leads to the page.
    await page.goto(SCREENER_LIST);
    await acceptCookieNotice(page);
    await page.getByRole('navigation', { name: 'Portal menu' }).getByRole('link', { name: 'About me' }).click();
    await expect(page).toHaveURL(ABOUT_ME);
    await expect(page.getByRole('heading', { level: 1, name: 'About me' })).toBeVisible();
    await expect(groupList(page).getByRole('button')).toHaveCount(3);
    for (const group of [GROUP.home, GROUP.shopping, GROUP.food]) await expect(groupButton(page, group)).toBeVisible();
    await expectShell(page, 1, start);
    await expectNoAxeViolations(page);

    await openGroup(page, GROUP.shopping);
    await expectNoAxeViolations(page);
    const groceries = questionSet(page, 'Where do you buy groceries? (choose 1 or 2)');
    await expect(groceries).toContainText('Choose at least 1 and at most 2. 0 of 2 chosen.');
    await groceries.getByRole('checkbox', { name: 'Supermarket' }).check();
    await groceries.getByRole('checkbox', { name: 'Online with delivery' }).check();
    // At the maximum of two the other boxes are disabled; freeing one enables them again.
    await expect(groceries).toContainText('2 of 2 chosen.');
    await expect(groceries.getByRole('checkbox', { name: 'Warehouse club' })).toBeDisabled();
    await expect(groceries.getByRole('checkbox', { name: 'Local market' })).toBeDisabled();
    await expectNoAxeViolations(page);
    await groceries.getByRole('checkbox', { name: 'Online with delivery' }).uncheck();
    await expect(groceries.getByRole('checkbox', { name: 'Local market' })).toBeEnabled();
    await groceries.getByRole('checkbox', { name: 'Local market' }).check();
    await expect(groceries.getByRole('checkbox', { name: 'Online with delivery' })).toBeDisabled();

    // Every question needs an answer other than N before 'Complete Survey' is enabled.
    await questionSet(page, 'Do you use coupons?').getByRole('radio', { name: 'Yes' }).check();
    await expect(completeButton(page)).toBeDisabled();
    await questionSet(page, 'How often do you shop online?').getByRole('radio', { name: 'Every month' }).check();
    await expect(completeButton(page)).toBeEnabled();
    await completeButton(page).click();

    // 60 EXP from 0: level 1 still, 60 of the 100 level 2 needs.
    const dialog = await expectTaskComplete(
      page,
      { task: `About me: ${GROUP.shopping.title}`, coins: GROUP.shopping.coins, exp: GROUP.shopping.exp },
      { exp: 60, next: 100 },
    );
    await expectNoAxeViolations(page);
    // The shell's coins went up without a reload.
    await expectShell(page, 1, start + GROUP.shopping.coins);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // The answered group has left the list.
    await expect(groupList(page).getByRole('button')).toHaveCount(2);
    await expect(groupList(page).getByRole('button', { name: new RegExp(GROUP.shopping.title) })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // After a reload: still answered, the coins and the experience kept, paid once.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'About me' })).toBeVisible();
    await expect(groupList(page).getByRole('button')).toHaveCount(2);
    await expect(groupButton(page, GROUP.home)).toBeVisible();
    await expect(groupButton(page, GROUP.food)).toBeVisible();
    await expectShell(page, 1, start + GROUP.shopping.coins);
    await expectProgressPopover(page, ['Level 1', '60 / 100 EXP', '40 EXP to the next level']);
    await expectNoAxeViolations(page);
  });

  test('answers that cross a level: the level-up popup, the new level in the shell, and the answer targets a study', async ({
    loggedInPage: page,
    testerSession,
  }) => {
    const start = testerSession.tester.coins;
    // Nobody has told us about a dog yet: its study is not offered.
    await page.goto(SCREENER_LIST);
    await expect(page.getByTestId('screener-card').first()).toBeVisible();
    await expect(page.getByTestId('screener-card').filter({ hasText: DOG_STUDY })).toHaveCount(0);
    await acceptCookieNotice(page);
    await openAboutMe(page);
    await openGroup(page, GROUP.home);
    const pets = questionSet(page, 'Which pets live in your home? (choose 1 to 3)');
    await expect(pets).toContainText('Choose at least 1 and at most 3. 0 of 3 chosen.');
    for (const name of ['I own a dog', 'I own a cat', 'I own fish or birds']) await pets.getByRole('checkbox', { name }).check();
    await expect(pets).toContainText('3 of 3 chosen.');
    await expect(pets.getByRole('checkbox', { name: 'I own another pet' })).toBeDisabled();
    await expect(pets.getByRole('checkbox', { name: 'No pets live in my home' })).toBeDisabled();
    await questionSet(page, 'Do you own or rent your home?').getByRole('radio', { name: 'Rent' }).check();
    await expect(completeButton(page)).toBeDisabled();
    await questionSet(page, 'How many people live in your home?').getByRole('radio', { name: '3 or 4' }).check();
    await expectNoAxeViolations(page);
    await completeButton(page).click();

    // 120 EXP from 0 passes level 2's 100: the level check leads to the level-up view.
    const levelUp = page.getByRole('dialog', { name: 'Level up!' });
    await expect(levelUp).toBeVisible();
    await expect(levelUp.getByTestId('reward-level')).toHaveText('Level 2');
    await expect(levelUp).toContainText(TEXTS.levelUp);
    await expectRewardSummary(levelUp, { task: `About me: ${GROUP.home.title}`, coins: GROUP.home.coins, exp: GROUP.home.exp });
    await expectNoAxeViolations(page);
    await expectShell(page, 2, start + GROUP.home.coins);
    await levelUp.getByRole('button', { name: 'Close' }).click();
    await expect(levelUp).toBeHidden();
    await expectProgressPopover(page, ['Level 2', '120 / 250 EXP', '130 EXP to the next level']);

    // After a reload: the group answered, level 2 and the coins kept.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'About me' })).toBeVisible();
    await expect(groupList(page).getByRole('button')).toHaveCount(2);
    await expect(groupButton(page, GROUP.home)).toHaveCount(0);
    await expectShell(page, 2, start + GROUP.home.coins);

    // The saved answer "I own a dog" is on the tester's profile: the study for dog owners is now offered.
    await page.goto(SCREENER_LIST);
    await expect(page.getByRole('heading', { level: 1, name: 'Available studies' })).toBeVisible();
    await expect(page.getByTestId('screener-card').filter({ hasText: DOG_STUDY })).toHaveCount(1);
    await expectNoAxeViolations(page);
  });

  test('the empty state once every group is answered', async ({ loggedInPage: page, testerSession, request }) => {
    const call = asTester(request, testerSession.cookie);
    const { pageList } = await call<{ pageList: { pageID: number }[] }>('/dossier/GetDossierGroup');
    expect(pageList).toHaveLength(3);
    for (const { pageID } of pageList) {
      const { questions } = await call<{
        questions: {
          questionSets: { questionID: number; questionType: string; minChecked: number; dossierAnswers: { answerID: number }[] }[];
        }[];
      }>('/dossier/GetDossierGroupQuestions', pageID);
      const items = questions
        .flatMap((question) => question.questionSets)
        .map((set) => ({
          questionID: set.questionID,
          answerIDs: set.dossierAnswers
            .slice(0, set.questionType === 'C' ? Math.max(1, set.minChecked) : 1)
            .map((answer) => answer.answerID),
          answerText: '',
        }));
      expect(await call('/dossier/AddDossierAnswer', items)).toEqual({ status: 'succeed' });
    }
    await openAboutMe(page);
    await expect(page.getByText(TEXTS.aboutMeEmpty)).toBeVisible();
    await expect(groupList(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('About me at 360 px (a phone)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a group with a minimum of two boxes, its reward dialog, no sideways scroll', async ({ loggedInPage: page, testerSession }) => {
    await openAboutMe(page);
    await acceptCookieNotice(page);
    await expect(groupList(page).getByRole('button')).toHaveCount(3);
    await expect.poll(() => noSideScroll(page)).toBe(true);
    await expectNoAxeViolations(page);

    await openGroup(page, GROUP.food);
    const drinks = questionSet(page, 'Which do you drink at least once a week? (choose 2 to 4)');
    await expect(drinks).toContainText('Choose at least 2 and at most 4. 0 of 4 chosen.');
    await drinks.getByRole('checkbox', { name: 'Coffee' }).check();
    await questionSet(page, 'Do you follow a special diet?').getByRole('radio', { name: 'No' }).check();
    await questionSet(page, 'How often do you eat out?').getByRole('radio', { name: 'Rarely' }).check();
    // One box is below the minimum of two: not complete yet.
    await expect(drinks).toContainText('1 of 4 chosen.');
    await expect(completeButton(page)).toBeDisabled();
    await expect.poll(() => noSideScroll(page)).toBe(true);
    await expectNoAxeViolations(page);
    await drinks.getByRole('checkbox', { name: 'Tea' }).check();
    await expect(completeButton(page)).toBeEnabled();
    await completeButton(page).click();

    const dialog = await expectTaskComplete(
      page,
      { task: `About me: ${GROUP.food.title}`, coins: GROUP.food.coins, exp: GROUP.food.exp },
      { exp: 50, next: 100 },
    );
    await expect.poll(() => noSideScroll(page)).toBe(true);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(groupList(page).getByRole('button')).toHaveCount(2);
    await expectShell(page, 1, testerSession.tester.coins + GROUP.food.coins);
  });
});

// The tests that answer quick surveys run one after another, so each can know the counts its
// tester's answer adds to (the empty-state test answers every survey).
test.describe('Quick survey', () => {
  test.describe.configure({ mode: 'serial' });

  test('answered through the Other and None rules: the reward, the chart with the answer counted, and the results on reopening', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    const survey = SURVEY.morning;
    const before = await countsBefore(request, survey.jobID);
    const start = testerSession.tester.coins;

    // HOME's side-menu entry leads to the page.
    await page.goto(SCREENER_LIST);
    await acceptCookieNotice(page);
    await page.getByRole('navigation', { name: 'Portal menu' }).getByRole('link', { name: 'Quick survey' }).click();
    await expect(page).toHaveURL(QUICK_SURVEY);
    await expect(page.getByRole('heading', { level: 1, name: 'Quick survey' })).toBeVisible();
    for (const one of [SURVEY.morning, SURVEY.snacks, SURVEY.streaming]) await expect(openSurveyButton(page, one)).toBeVisible();
    await expect(page.getByText(TEXTS.quickSurveyEmpty)).toHaveCount(0);
    await expectNoAxeViolations(page);

    await openSurveyButton(page, survey).click();
    await expect(page.getByRole('heading', { level: 2, name: survey.shortName })).toBeVisible();
    await expect(completeButton(page)).toBeDisabled();
    await expectNoAxeViolations(page);

    const drinks = questionSet(page, 'What do you drink in the morning?');
    const box = (name: string) => drinks.getByRole('checkbox', { name, exact: true });
    const otherComment = drinks.getByRole('textbox', { name: 'Tell us about your other answer' });
    // The server adds Other and None of the above to a checkbox question.
    for (const name of ['Coffee', 'Tea', 'Juice', 'Water', 'Other', 'None of the above']) await expect(box(name)).toBeVisible();
    await box('Coffee').check();
    await box('Juice').check();
    // None of the above clears the other choices...
    await box('None of the above').check();
    await expect(box('None of the above')).toBeChecked();
    await expect(box('Coffee')).not.toBeChecked();
    await expect(box('Juice')).not.toBeChecked();
    // ...and any other choice clears None of the above.
    await box('Coffee').check();
    await expect(box('None of the above')).not.toBeChecked();
    await expect(box('Coffee')).toBeChecked();

    // Other reveals its comment box; a comment needs 2 to 200 characters.
    await expect(otherComment).toHaveCount(0);
    await box('Other').check();
    await expect(otherComment).toBeVisible();
    await otherComment.fill('x');
    await otherComment.blur();
    await expect(otherComment).toHaveAttribute('aria-invalid', 'true');
    await expect(otherComment).toHaveAccessibleDescription(`${TEXTS.commentTooShort} 1 / 200 characters`);
    await expectNoAxeViolations(page);
    await otherComment.fill('y'.repeat(201));
    await expect(otherComment).toHaveAccessibleDescription(`${TEXTS.commentTooLong} 201 / 200 characters`);
    await otherComment.fill('Hot chocolate');
    await expect(otherComment).toHaveAttribute('aria-invalid', 'false');
    await expect(otherComment).toHaveAccessibleDescription('13 / 200 characters');
    // None of the above clears Other and its comment too.
    await box('None of the above').check();
    await expect(box('Other')).not.toBeChecked();
    await expect(box('Coffee')).not.toBeChecked();
    await expect(otherComment).toHaveCount(0);
    await box('Coffee').check();
    await box('Other').check();
    await expect(otherComment).toHaveValue('');
    await otherComment.fill('Hot chocolate');

    await questionSet(page, 'How many cups of coffee do you have a day?').getByRole('radio', { name: 'Two' }).check();
    // A text question needs a comment of at least 2 characters too.
    const better = page.getByRole('textbox', { name: 'What would make your mornings better?' });
    await expect(completeButton(page)).toBeDisabled();
    await better.fill('a');
    await better.blur();
    await expect(better).toHaveAccessibleDescription(`${TEXTS.commentTooShort} 1 / 200 characters`);
    await expect(completeButton(page)).toBeDisabled();
    // And Other without its comment is not an answer.
    await better.fill('More sleep');
    await expect(completeButton(page)).toBeEnabled();
    await otherComment.fill('');
    await expect(completeButton(page)).toBeDisabled();
    await otherComment.fill('Hot chocolate');
    await expect(completeButton(page)).toBeEnabled();
    await expectNoAxeViolations(page);
    await completeButton(page).click();

    const dialog = await expectTaskComplete(
      page,
      { task: `Quick survey: ${survey.shortName}`, coins: survey.coins, exp: survey.exp },
      { exp: 30, next: 100 },
    );
    await expectNoAxeViolations(page);
    await expectShell(page, 1, start + survey.coins);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Completing leads to the results: one chart per choice question, with this answer counted
    // (Coffee, Other for the comment, Two); the text question is left out.
    await expectResultsView(page, survey.shortName);
    const after = plusOne(before, {
      'What do you drink in the morning?': ['Coffee', 'Other'],
      'How many cups of coffee do you have a day?': ['Two'],
    });
    expect(after.map((question) => question.questionName)).toEqual([
      'What do you drink in the morning?',
      'How many cups of coffee do you have a day?',
    ]);
    expect(after[0]!.answerNames).toEqual(['Coffee', 'Tea', 'Juice', 'Water', 'Other', 'None of the above']);
    await expectCharts(page, after);
    await expectNoAxeViolations(page);

    // 'Go back to List': the survey is done (a check, no coins).
    await page.getByRole('button', { name: TEXTS.back }).click();
    await expect(doneSurveyButton(page, survey)).toBeVisible();
    await expect(openSurveyButton(page, survey)).toHaveCount(0);
    await expectNoAxeViolations(page);
    // A done survey reopens on its results, never on the questions.
    await doneSurveyButton(page, survey).click();
    await expectResultsView(page, survey.shortName);
    await expectCharts(page, after);

    // The same after a reload: done, its results, the coins paid once.
    await openQuickSurvey(page);
    await expectShell(page, 1, start + survey.coins);
    await doneSurveyButton(page, survey).click();
    await expectResultsView(page, survey.shortName);
    await expectCharts(page, after);
    await expectNoAxeViolations(page);
  });

  test.describe('at 360 px (a phone)', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('a survey answered with None of the above; its charts readable with no sideways scroll', async ({
      loggedInPage: page,
      testerSession,
      request,
    }) => {
      const survey = SURVEY.streaming;
      const before = await countsBefore(request, survey.jobID);
      await openQuickSurvey(page);
      await acceptCookieNotice(page);
      await expect.poll(() => noSideScroll(page)).toBe(true);
      await expectNoAxeViolations(page);

      await openSurveyButton(page, survey).click();
      await expect(page.getByRole('heading', { level: 2, name: survey.shortName })).toBeVisible();
      const kinds = questionSet(page, 'Which kinds of shows do you stream?');
      await kinds.getByRole('checkbox', { name: 'Series' }).check();
      await kinds.getByRole('checkbox', { name: 'None of the above' }).check();
      await expect(kinds.getByRole('checkbox', { name: 'Series' })).not.toBeChecked();
      await questionSet(page, 'How many hours a day do you stream?').getByRole('radio', { name: '1 to 2' }).check();
      await page.getByRole('textbox', { name: 'What do you miss in your streaming service?' }).fill('Subtitles in more languages');
      await expect.poll(() => noSideScroll(page)).toBe(true);
      await expectNoAxeViolations(page);
      await completeButton(page).click();

      const dialog = await expectTaskComplete(
        page,
        { task: `Quick survey: ${survey.shortName}`, coins: survey.coins, exp: survey.exp },
        { exp: 40, next: 100 },
      );
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();

      await expectResultsView(page, survey.shortName);
      await expectCharts(
        page,
        plusOne(before, {
          'Which kinds of shows do you stream?': ['None of the above'],
          'How many hours a day do you stream?': ['1 to 2'],
        }),
      );
      await expect.poll(() => noSideScroll(page)).toBe(true);
      await expectNoAxeViolations(page);
      await expectShell(page, 1, testerSession.tester.coins + survey.coins);
    });
  });

  test('the empty state once every survey is done; the done surveys stay listed', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    const call = asTester(request, testerSession.cookie);
    for (const survey of [SURVEY.morning, SURVEY.snacks, SURVEY.streaming]) await answerSurveyThroughApi(call, survey.jobID);
    await openQuickSurvey(page);
    await expect(page.getByText(TEXTS.quickSurveyEmpty)).toBeVisible();
    for (const survey of [SURVEY.morning, SURVEY.snacks, SURVEY.streaming]) await expect(doneSurveyButton(page, survey)).toBeVisible();
    await expectNoAxeViolations(page);
    await doneSurveyButton(page, SURVEY.snacks).click();
    await expectResultsView(page, SURVEY.snacks.shortName);
    await expectNoAxeViolations(page);
  });
});
