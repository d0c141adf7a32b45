// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { NEW_STUDY_DEFAULTS, screenerQuestion, STUDY_ADMIN_TEXTS, type StudyDetail } from '@testerhub/shared/study-admin-schemas';
import { fakeApi } from '../../../test/fake-api';
import { StudiesPage } from './studies-page';
import { StudyNewPage, StudyPage } from './study-pages';
import { renderStaffPages } from '../../../test/staff-pages';

const api = fakeApi();

const STUDY: StudyDetail = {
  ...NEW_STUDY_DEFAULTS,
  targetAnswerIds: [],
  quotaFill: [],
  studyNo: 24101,
  colorName: 'Blue',
  studyBasicInfo: 'Cereal taste test',
  siteId: '00001',
  opensAt: '2026-11-01T15:00:00.000Z',
  screener: {
    questions: [
      screenerQuestion('q1', {
        prompt: 'Do you eat cereal?',
        options: [
          { key: 'o1', label: 'Yes', disqualifies: false },
          { key: 'o2', label: 'No', disqualifies: true },
        ],
      }),
    ],
    quotas: [],
  },
  version: 3,
  state: 'open',
  qualifiedCount: 2,
  answeredCount: 5,
  externalReturnSecretEnding: null,
};
/** An outside screener's study (decision 077), with no return secret set yet. */
const EXTERNAL: StudyDetail = {
  ...STUDY,
  studyNo: 24107,
  studyBasicInfo: 'Streaming survey',
  screenerKind: 'external',
  externalUrl: 'https://forms.example.com/s/1',
  screener: { questions: [], quotas: [] },
  answeredCount: 0,
};
const OPTIONS = {
  status: 'succeed',
  sites: [
    { id: '00001', name: 'Chicago (Chicago)', timeZone: 'America/Chicago' },
    { id: '00003', name: 'New York (New York)', timeZone: 'America/New_York' },
  ],
  screenerHosts: ['forms.example.com'],
  companyTimeZone: 'America/Chicago',
};
/** One open session group of 10 seats, 4 booked. */
const GROUPS = {
  status: 'succeed',
  studyNo: 24101,
  studyName: 'Cereal taste test',
  sites: [],
  groups: [{ groupId: 'g1', status: 'Open', seats: 10, taken: 4 }],
};

/** The About-me answers staff read (the invitation form's list): two questions, in the server's order. */
const ABOUT_ME = {
  studies: [],
  sites: [],
  answers: [
    { answerId: 11, question: 'Pets Which pets live in your home?', answer: 'Dog' },
    { answerId: 12, question: 'Pets Which pets live in your home?', answer: 'Cat' },
    { answerId: 21, question: 'Your home Do you own or rent your home?', answer: 'Own' },
    { answerId: 22, question: 'Your home Do you own or rent your home?', answer: 'Rent' },
  ],
};
// Every study form ticks its About-me answers from this list.
beforeEach(() => {
  api.answers['/staff/invitations/Options'] = { body: ABOUT_ME };
  api.answers['/staff/sessions/Groups?studyNo=24101'] = { body: GROUPS };
  api.answers['/staff/sessions/Groups?studyNo=24107'] = { body: { ...GROUPS, studyNo: 24107 } };
});

type User = ReturnType<typeof renderAt>;
/** The study page's editor is closed until asked for (decision 135): opens it and the named sections. */
async function openEditor(user: User, ...sections: string[]) {
  await user.click(await screen.findByRole('button', { name: 'Edit the study' }));
  for (const name of sections) await user.click(screen.getByRole('button', { name, expanded: false }));
}

function renderAt(entry: string, roles: StaffRole[] = ['recruiter']) {
  return renderStaffPages(entry, { studies: <StudiesPage />, 'studies/new': <StudyNewPage />, 'studies/:studyNo': <StudyPage /> }, roles);
}

describe('the study page (decision 050)', () => {
  test('shows each screener quota’s fill, qualified of target (decision 121)', async () => {
    const quotaFill = [
      { name: 'Women 21-34', qualified: 2, target: 2 },
      { name: 'Anyone 35-64', qualified: 1, target: 4 },
    ];
    api.answers['/staff/studies/Study?studyNo=24101'] = { body: { status: 'succeed', study: { ...STUDY, quotaFill } } };
    api.answers['/staff/studies/FormOptions'] = { body: OPTIONS };
    renderAt('/staff/studies/24101');
    const table = within(await screen.findByTestId('quota-fill'));
    expect(table.getByRole('row', { name: 'Women 21-34 2 of 2' })).toBeInTheDocument();
    expect(table.getByRole('row', { name: 'Anyone 35-64 1 of 4' })).toBeInTheDocument();
    expect(table.getByRole('columnheader', { name: 'Qualified of target' })).toBeInTheDocument();
  });

  test('shows the study with its links, saves with the version it opened, and says when someone else changed it', async () => {
    api.answers['/staff/studies/Study?studyNo=24101'] = { body: { status: 'succeed', study: STUDY } };
    api.answers['/staff/studies/FormOptions'] = { body: OPTIONS };
    api.answers['/staff/studies/SaveStudy'] = {
      body: { status: 'failed', message: STUDY_ADMIN_TEXTS.changedSinceOpened, field: 'version' },
    };
    const user = renderAt('/staff/studies/24101');
    expect(await screen.findByRole('heading', { level: 1, name: 'Study 24101: Cereal taste test' })).toBeInTheDocument();
    expect(screen.getByTestId('study-state')).toHaveTextContent('Open');
    expect(screen.getByRole('link', { name: 'Session groups' })).toHaveAttribute('href', '/staff/studies/24101/sessions');
    expect(screen.getByRole('link', { name: 'Results' })).toHaveAttribute('href', '/staff/studies/24101/results');
    await openEditor(user, 'The study', 'Screener');
    expect(screen.getByText(/5 tester\(s\) have answered this screener/)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Name and basic information (what testers read)'));
    await user.click(screen.getByRole('button', { name: 'Save the study' }));
    expect(screen.getByLabelText('Name and basic information (what testers read)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.paths()).not.toContain('/staff/studies/SaveStudy');

    await user.type(screen.getByLabelText('Name and basic information (what testers read)'), 'Cereal test, renamed');
    await user.click(screen.getByRole('button', { name: 'Save the study' }));
    const outcome = await screen.findByTestId('study-outcome');
    expect(outcome).toHaveTextContent(STUDY_ADMIN_TEXTS.changedSinceOpened);
    expect(within(outcome).getByRole('button', { name: 'Reload the study' })).toBeInTheDocument();
    const sent = api.calls.find((call) => call.path === '/staff/studies/SaveStudy')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ studyNo: 24101, version: 3, studyBasicInfo: 'Cereal test, renamed', siteId: '00001' });
    expect(sent.opensAt).toBe(STUDY.opensAt);
  });

  test('an outside screener: warns while no return secret is set, sends a typed secret once, and shows back only its last 4 characters', async () => {
    const SECRET = 'partner-secret-typed-by-staff-0123456789';
    let saved: StudyDetail = EXTERNAL;
    api.answers['/staff/studies/Study?studyNo=24107'] = () => ({ body: { status: 'succeed', study: saved } });
    api.answers['/staff/studies/FormOptions'] = { body: OPTIONS };
    api.answers['/staff/studies/SaveStudy'] = () => {
      saved = { ...EXTERNAL, version: EXTERNAL.version + 1, externalReturnSecretEnding: SECRET.slice(-4) };
      return { body: { status: 'succeed', message: STUDY_ADMIN_TEXTS.saved, studyNo: 24107, version: saved.version } };
    };
    const user = renderAt('/staff/studies/24107');
    await openEditor(user, 'Screener');
    expect(await screen.findByTestId('return-secret-missing')).toHaveTextContent(STUDY_ADMIN_TEXTS.returnSecretMissing);
    const secret = screen.getByLabelText('Return secret');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveValue('');

    // Too short: the form refuses it before sending.
    await user.type(secret, 'too-short');
    await user.click(screen.getByRole('button', { name: 'Save the study' }));
    expect(await screen.findByText(STUDY_ADMIN_TEXTS.returnSecretLength)).toBeInTheDocument();
    expect(api.paths()).not.toContain('/staff/studies/SaveStudy');

    await user.clear(secret);
    await user.type(secret, SECRET);
    await user.click(screen.getByRole('button', { name: 'Save the study' }));
    expect(await screen.findByTestId('study-outcome')).toHaveTextContent(STUDY_ADMIN_TEXTS.saved);
    const sent = api.calls.find((call) => call.path === '/staff/studies/SaveStudy')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ studyNo: 24107, screenerKind: 'external', externalReturnSecret: SECRET });

    // Reloaded: set, never shown back, and the warning is gone.
    expect(await screen.findByText(STUDY_ADMIN_TEXTS.returnSecretSet(SECRET.slice(-4)))).toBeInTheDocument();
    expect(screen.queryByTestId('return-secret-missing')).toBeNull();
    expect(screen.getByLabelText('Return secret')).toHaveValue('');
    // The sections opened before the save stay open in the form made again.
    expect(screen.getByRole('button', { name: 'Screener' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('is refused without the recruiter role', async () => {
    renderAt('/staff/studies/24101', ['rewards']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only staff with the recruiter role can open this page.');
    expect(api.calls).toEqual([]);
  });
});

describe('the study page in sections, with a summary and a warning before opening (decision 135)', () => {
  const UPCOMING: StudyDetail = { ...STUDY, state: 'upcoming', recruitTarget: 20, coinValue: 0 };

  test('the summary says state, dates on the site’s clock, site, seats and qualified of target; the editor is closed until asked for', async () => {
    api.answers['/staff/studies/Study?studyNo=24101'] = { body: { status: 'succeed', study: { ...STUDY, recruitTarget: 20 } } };
    api.answers['/staff/studies/FormOptions'] = { body: OPTIONS };
    const user = renderAt('/staff/studies/24101');
    const summary = within(await screen.findByRole('region', { name: 'Summary' }));
    expect(summary.getByTestId('study-state')).toHaveTextContent('Open');
    expect(summary.getByTestId('study-opens')).toHaveTextContent('Sunday, November 1st, 2026, 9:00 AM CST');
    expect(summary.getByText('Chicago (Chicago)')).toBeInTheDocument();
    expect(await summary.findByText('4 of 10 seats booked in 1 open group')).toBeInTheDocument();
    expect(summary.getByText('2 of 20')).toBeInTheDocument();
    expect(summary.getByText('Times are in Chicago time (CST, UTC−6), the test site’s clock.')).toBeInTheDocument();
    expect(summary.getByTestId('study-missing')).toHaveTextContent('Nothing missing.');

    // Closed editor: no field is reachable until Edit the study; then each section opens on its own.
    expect(screen.queryByRole('textbox', { name: 'Name and basic information (what testers read)' })).toBeNull();
    const edit = screen.getByRole('button', { name: 'Edit the study' });
    expect(edit).toHaveAttribute('aria-expanded', 'false');
    await user.click(edit);
    expect(screen.getByRole('button', { name: 'Close the editor' })).toHaveAttribute('aria-expanded', 'true');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(expect.arrayContaining(['The study', 'Who may screen', 'Rewards', 'Screener']));
    expect(screen.queryByRole('textbox', { name: 'Coins for screening' })).toBeNull();
    const rewards = screen.getByRole('button', { name: 'Rewards', expanded: false });
    await user.click(rewards);
    expect(rewards).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'Coins for screening' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Name and basic information (what testers read)' })).toBeNull();
  });

  test('a refusal in a closed section opens it; what was typed in a closed section is kept and sent', async () => {
    api.answers['/staff/studies/Study?studyNo=24101'] = { body: { status: 'succeed', study: STUDY } };
    api.answers['/staff/studies/FormOptions'] = { body: OPTIONS };
    api.answers['/staff/studies/SaveStudy'] = { body: { status: 'failed', message: 'Too few coins.', field: 'coinValue' } };
    const user = renderAt('/staff/studies/24101');
    await openEditor(user, 'The study');
    await user.clear(screen.getByLabelText('Name and basic information (what testers read)'));
    await user.type(screen.getByLabelText('Name and basic information (what testers read)'), 'Cereal, renamed');
    await user.click(screen.getByRole('button', { name: 'The study', expanded: true }));
    await user.click(screen.getByRole('button', { name: 'Save the study' }));
    expect(await screen.findByTestId('study-outcome')).toHaveTextContent('Too few coins.');
    expect(api.calls.find((call) => call.path === '/staff/studies/SaveStudy')?.body).toMatchObject({ studyBasicInfo: 'Cereal, renamed' });
    expect(screen.getByRole('button', { name: 'Rewards' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'Coins for screening' })).toHaveAttribute('aria-invalid', 'true');
  });

  test('opening a study that lacks something asks first, listing what it lacks; Not now sends nothing, Open anyway opens it', async () => {
    api.answers['/staff/studies/Study?studyNo=24101'] = { body: { status: 'succeed', study: UPCOMING } };
    api.answers['/staff/studies/FormOptions'] = { body: OPTIONS };
    api.answers['/staff/sessions/Groups?studyNo=24101'] = { body: { ...GROUPS, groups: [{ ...GROUPS.groups[0], status: 'Closed' }] } };
    api.answers['/staff/studies/SetOpen'] = {
      body: { status: 'succeed', message: STUDY_ADMIN_TEXTS.opened, studyNo: 24101, version: 4 },
    };
    const user = renderAt('/staff/studies/24101');
    const missing = within(await screen.findByTestId('study-missing'));
    expect(await missing.findByText('No open session group: testers who qualify have no session to book.')).toBeInTheDocument();
    expect(missing.getByText('No coins set: testers earn nothing for screening, scheduling or attending.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open now' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Open the study with something missing?' }));
    expect(dialog.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'No open session group: testers who qualify have no session to book.',
      'No coins set: testers earn nothing for screening, scheduling or attending.',
    ]);
    await user.click(dialog.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.paths()).not.toContain('/staff/studies/SetOpen');

    await user.click(screen.getByRole('button', { name: 'Open now' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Open anyway' }));
    expect(await screen.findByText(STUDY_ADMIN_TEXTS.opened)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/studies/SetOpen')?.body).toEqual({ studyNo: 24101, version: 3, open: true });
  });

  test('opening a study that lacks nothing asks nothing', async () => {
    api.answers['/staff/studies/Study?studyNo=24101'] = { body: { status: 'succeed', study: { ...UPCOMING, coinValue: 50 } } };
    api.answers['/staff/studies/FormOptions'] = { body: OPTIONS };
    api.answers['/staff/studies/SetOpen'] = {
      body: { status: 'succeed', message: STUDY_ADMIN_TEXTS.opened, studyNo: 24101, version: 4 },
    };
    const user = renderAt('/staff/studies/24101');
    expect(await screen.findByText('4 of 10 seats booked in 1 open group')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open now' }));
    expect(await screen.findByText(STUDY_ADMIN_TEXTS.opened)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('dates are typed on the study’s site clock whatever the browser’s zone, and said so next to the fields', async () => {
    api.answers['/staff/studies/Study?studyNo=24101'] = { body: { status: 'succeed', study: { ...STUDY, siteId: '00003' } } };
    api.answers['/staff/studies/FormOptions'] = { body: OPTIONS };
    api.answers['/staff/studies/SaveStudy'] = { body: { status: 'succeed', message: STUDY_ADMIN_TEXTS.saved, studyNo: 24101, version: 4 } };
    const user = renderAt('/staff/studies/24101');
    await openEditor(user, 'The study');
    const opens = screen.getByLabelText('Opens');
    // 15:00 UTC on 1 November 2026 is 10:00 in New York.
    expect(opens).toHaveValue('2026-11-01T10:00');
    expect(opens).toHaveAccessibleDescription('Times are in New York time (EST, UTC−5), the test site’s clock.');
    await user.clear(opens);
    await user.type(opens, '2026-12-02T09:00');
    await user.click(screen.getByRole('button', { name: 'Save the study' }));
    expect(await screen.findByText(STUDY_ADMIN_TEXTS.saved)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/studies/SaveStudy')?.body).toMatchObject({ opensAt: '2026-12-02T14:00:00.000Z' });
    // Online only: the company's clock, said as such.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Test site' }), 'Online only');
    expect(screen.getByLabelText('Opens')).toHaveAccessibleDescription(
      'Times are in Chicago time (CST, UTC−6), the company’s clock (online study).',
    );
  });
});

describe('the study form speaks in named options (issue 29, decision 105)', () => {
  test('a new study: project and participant types are picked by name, About-me answers ticked under their questions; the numbers and ids are sent', async () => {
    api.answers['/staff/studies/FormOptions'] = { body: OPTIONS };
    api.answers['/staff/studies/CreateStudy'] = {
      body: { status: 'failed', message: STUDY_ADMIN_TEXTS.studyNoTaken, field: 'studyNo' },
    };
    const user = renderAt('/staff/studies/new');
    const projectType = await screen.findByRole('combobox', { name: 'Project type' });
    expect(projectType).toHaveDisplayValue('Taste test (1)');
    expect(screen.getByRole('combobox', { name: 'Participant type' })).toHaveDisplayValue('Adults (4)');
    expect(screen.queryByRole('textbox', { name: /type|About-me|ids/i })).toBeNull();

    await user.selectOptions(projectType, 'Kid study (27)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Participant type' }), 'Kids (1)');
    const aboutMe = screen.getByRole('group', { name: 'About-me answers required' });
    const home = within(await within(aboutMe).findByRole('group', { name: 'Your home Do you own or rent your home?' }));
    const pets = within(within(aboutMe).getByRole('group', { name: 'Pets Which pets live in your home?' }));
    expect(pets.getAllByRole('checkbox').map((box) => box.parentElement?.textContent?.trim())).toEqual(['Dog', 'Cat']);
    await user.click(home.getByRole('checkbox', { name: 'Own' }));
    await user.click(pets.getByRole('checkbox', { name: 'Cat' }));
    await user.click(pets.getByRole('checkbox', { name: 'Dog' }));
    await user.click(pets.getByRole('checkbox', { name: 'Cat' }));

    await user.type(screen.getByLabelText('Study number'), '24150');
    await user.type(screen.getByLabelText('Name and basic information (what testers read)'), 'Snack test');
    await user.type(screen.getByLabelText('Colour name'), 'Green');
    await user.type(screen.getByLabelText('Question 1 text'), 'Do you snack?');
    await user.type(screen.getByLabelText('Option 1', { exact: true }), 'Yes');
    await user.type(screen.getByLabelText('Option 2', { exact: true }), 'No');
    await user.click(screen.getByRole('button', { name: 'Create the study' }));
    expect(await screen.findByTestId('study-outcome')).toHaveTextContent(STUDY_ADMIN_TEXTS.studyNoTaken);
    expect(api.calls.find((call) => call.path === '/staff/studies/CreateStudy')?.body).toMatchObject({
      studyNo: 24150,
      projectType: 27,
      participantTypeId: 1,
      targetAnswerIds: [11, 21],
    });
  });

  test('the About-me count follows the picks and the test site, says when it is updating, and offers to count again after a failure (decision 148)', async () => {
    api.answers['/staff/studies/FormOptions'] = { body: OPTIONS };
    // Dog is held by 40 testers, Own by 25, both by 7; at Chicago half as many.
    const holders = (answerIds: number[]) => (answerIds.length === 2 ? 7 : answerIds[0] === 11 ? 40 : 25);
    api.answers['/staff/invitations/TargetCount'] = (body) => {
      const { answerIds, siteId } = body as { answerIds: number[]; siteId: string | null };
      const count = holders(answerIds);
      return { body: { status: 'succeed', message: '', count: siteId === '00001' ? Math.floor(count / 2) : count } };
    };
    const user = renderAt('/staff/studies/new');
    const aboutMe = await screen.findByRole('group', { name: 'About-me answers required' });
    const count = screen.getByRole('status', { name: 'Matching testers' });
    expect(count).toHaveTextContent('Choose answers to count the testers who hold them all.');

    await user.click(await within(aboutMe).findByRole('checkbox', { name: 'Dog' }));
    await waitFor(() => expect(count).toHaveTextContent(/^40 testers hold all of these answers\.$/));
    await user.click(within(aboutMe).getByRole('checkbox', { name: 'Own' }));
    // The last count stays, marked, until the new picks' count arrives.
    await waitFor(() => expect(count).toHaveTextContent(/^40 testers hold all of these answers\. Updating…$/));
    expect(count).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(count).toHaveTextContent(/^7 testers hold all of these answers\.$/));
    expect(count).toHaveAttribute('aria-live', 'polite');
    expect(count).toHaveAttribute('aria-busy', 'false');
    expect(api.calls.filter((call) => call.path === '/staff/invitations/TargetCount').map((call) => call.body)).toEqual([
      { answerIds: [11], siteId: null },
      { answerIds: [11, 21], siteId: null },
    ]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Test site' }), 'Chicago (Chicago)');
    await waitFor(() => expect(count).toHaveTextContent(/^3 testers hold all of these answers at Chicago \(Chicago\)\.$/));

    api.answers['/staff/invitations/TargetCount'] = { status: 503, body: { message: 'down' } };
    await user.click(within(aboutMe).getByRole('checkbox', { name: 'Own' }));
    await waitFor(() => expect(count).toHaveTextContent(/^The count could not be read: /));
    api.answers['/staff/invitations/TargetCount'] = { body: { status: 'succeed', message: '', count: 20 } };
    await user.click(screen.getByRole('button', { name: 'Count again' }));
    await waitFor(() => expect(count).toHaveTextContent(/^20 testers hold all of these answers at Chicago \(Chicago\)\.$/));
    expect(screen.queryByRole('button', { name: 'Count again' })).toBeNull();
  });

  test('creating a study refreshes the invitation form’s options, whose open studies it changes', async () => {
    api.answers['/staff/studies/FormOptions'] = { body: OPTIONS };
    api.answers['/staff/studies/CreateStudy'] = {
      body: { status: 'succeed', message: STUDY_ADMIN_TEXTS.created, studyNo: 24101, version: 1 },
    };
    api.answers['/staff/studies/Study?studyNo=24101'] = { body: { status: 'succeed', study: STUDY } };
    const user = renderAt('/staff/studies/new');
    await screen.findByRole('checkbox', { name: 'Own' });
    const optionsRead = () => api.paths().filter((path) => path === '/staff/invitations/Options').length;
    expect(optionsRead()).toBe(1);
    await user.type(screen.getByLabelText('Study number'), '24101');
    await user.type(screen.getByLabelText('Name and basic information (what testers read)'), 'Cereal taste test');
    await user.type(screen.getByLabelText('Colour name'), 'Blue');
    await user.type(screen.getByLabelText('Question 1 text'), 'Do you eat cereal?');
    await user.type(screen.getByLabelText('Option 1', { exact: true }), 'Yes');
    await user.type(screen.getByLabelText('Option 2', { exact: true }), 'No');
    await user.click(screen.getByRole('button', { name: 'Create the study' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Study 24101: Cereal taste test' })).toBeInTheDocument();
    await waitFor(() => expect(optionsRead()).toBe(2));
  });

  test('a study holding codes no name covers and an answer no longer offered keeps them, shown as Other and unticked by hand', async () => {
    api.answers['/staff/studies/Study?studyNo=24101'] = {
      body: { status: 'succeed', study: { ...STUDY, projectType: 12, participantTypeId: 7, targetAnswerIds: [21, 99] } },
    };
    api.answers['/staff/studies/FormOptions'] = { body: OPTIONS };
    api.answers['/staff/studies/SaveStudy'] = {
      body: { status: 'failed', message: STUDY_ADMIN_TEXTS.unknownTarget, field: 'targetAnswerIds.1' },
    };
    const user = renderAt('/staff/studies/24101');
    await openEditor(user, 'The study', 'Who may screen');
    expect(await screen.findByRole('combobox', { name: 'Project type' })).toHaveDisplayValue('Other (number)');
    expect(screen.getByRole('textbox', { name: 'Project type number' })).toHaveValue('12');
    expect(screen.getByRole('combobox', { name: 'Participant type' })).toHaveDisplayValue('Other (number)');
    expect(screen.getByRole('textbox', { name: 'Participant type number' })).toHaveValue('7');
    const aboutMe = screen.getByRole('group', { name: 'About-me answers required' });
    const gone = within(await within(aboutMe).findByRole('group', { name: 'No longer offered to testers' }));
    expect(gone.getByRole('checkbox', { name: 'Answer 99' })).toBeChecked();
    expect(within(aboutMe).getByRole('checkbox', { name: 'Own' })).toBeChecked();

    // Saved untouched, every stored value goes back as it was; the server's refusal at an id shows at the answers.
    await user.click(screen.getByRole('button', { name: 'Save the study' }));
    expect(await within(aboutMe).findByText(STUDY_ADMIN_TEXTS.unknownTarget)).toHaveAttribute('role', 'alert');
    expect(aboutMe).toHaveAccessibleDescription(expect.stringContaining(STUDY_ADMIN_TEXTS.unknownTarget));
    expect(api.calls.find((call) => call.path === '/staff/studies/SaveStudy')?.body).toMatchObject({
      projectType: 12,
      participantTypeId: 7,
      targetAnswerIds: [21, 99],
    });

    // Unticked, another number typed, then a named type chosen after all.
    await user.click(gone.getByRole('checkbox', { name: 'Answer 99' }));
    await user.clear(screen.getByRole('textbox', { name: 'Participant type number' }));
    await user.type(screen.getByRole('textbox', { name: 'Participant type number' }), '8');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Project type' }), 'Focus group (2)');
    expect(screen.queryByRole('textbox', { name: 'Project type number' })).toBeNull();
    api.answers['/staff/studies/SaveStudy'] = {
      body: { status: 'succeed', message: STUDY_ADMIN_TEXTS.saved, studyNo: 24101, version: 4 },
    };
    api.calls.length = 0;
    await user.click(screen.getByRole('button', { name: 'Save the study' }));
    expect(await screen.findByText(STUDY_ADMIN_TEXTS.saved)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/studies/SaveStudy')?.body).toMatchObject({
      projectType: 2,
      participantTypeId: 8,
      targetAnswerIds: [21],
    });
  });
});

describe('the studies list (decision 050)', () => {
  test('has empty and error states, and Try again', async () => {
    let fail = true;
    api.answers['/staff/studies/List?status=open&q=&page=1'] = () =>
      fail ? { status: 500, body: { message: 'boom' } } : { body: { status: 'succeed', page: 1, hasMore: false, studies: [] } };
    const user = renderAt('/staff/studies');
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No studies here yet.')).toBeInTheDocument();
  });
});
