// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { INVITATION_TEXTS, type InvitationDetailResponse, type InvitationSummary } from '@testerhub/shared/invitation-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { fakeApi } from '../../../test/fake-api';
import { InvitationPage } from './invitation-page';
import { InvitationsPage } from './invitations-page';
import { renderStaffPages } from '../../../test/staff-pages';

const api = fakeApi();

const OPTIONS = {
  studies: [{ studyNo: 24106, name: 'Snack taste test' }],
  sites: [
    { siteId: '00001', name: 'Chicago' },
    { siteId: '00002', name: 'Dallas' },
  ],
  answers: [
    { answerId: 7, question: 'Which pets do you have?', answer: 'Dog' },
    { answerId: 8, question: 'Which pets do you have?', answer: 'Cat' },
    { answerId: 9, question: 'Do you own or rent your home?', answer: 'Own' },
    { answerId: 10, question: 'Do you own or rent your home?', answer: 'Rent' },
  ],
  earlierStudies: [
    { studyNo: 24106, name: 'Snack taste test' },
    { studyNo: 24001, name: 'Crisps taste test' },
  ],
  projectTypes: [{ projectType: 1, name: 'Taste test (1)' }],
};
const SUMMARY: InvitationSummary = {
  invitationId: 12,
  studyNo: 24106,
  studyName: 'Snack taste test',
  createdAt: '2026-11-20T15:00:00.000Z',
  createdBy: 'Rita',
  counts: { matched: 40, queued: 38, sent: 30, skipped: 1, clicked: 9, answered: 4 },
  filters: {
    minAge: 18,
    maxAge: 65,
    siteIds: [],
    answerIds: [7, 9],
    notTestedMonths: null,
    excludeStudyNos: [],
    excludeProjectTypes: [],
    excludeWithinMonths: null,
  },
};
const LIST_PATH = '/staff/invitations/List?page=1';
const list = (invitations: InvitationSummary[], total = invitations.length) => ({
  body: { invitations, page: 1, hasMore: invitations.length < total, total, pageSize: 25, mailsPerMinute: 60 },
});

function renderAt(entry: string, roles: StaffRole[] = ['recruiter']) {
  return renderStaffPages(entry, { invitations: <InvitationsPage />, 'invitations/:invitationId': <InvitationPage /> }, roles);
}

describe('the invitations page (decision 052)', () => {
  test('lists each sending as a table row with its counts, when it was sent on the company’s clock, its filters and a link to its recipients (decision 145)', async () => {
    api.answers[LIST_PATH] = list([SUMMARY]);
    api.answers['/staff/invitations/Options'] = { body: OPTIONS };
    renderAt('/staff/invitations');
    const table = within(await screen.findByRole('table', { name: 'Sent invitations' }));
    const row = within(table.getByRole('row', { name: /^Invitation #12: Snack taste test/ }));
    expect(row.getByRole('rowheader')).toHaveTextContent('Invitation #12: Snack taste test');
    expect(row.getByRole('link', { name: 'Invitation #12: Snack taste test' })).toHaveAttribute('href', '/staff/invitations/12');
    const cells = row.getAllByRole('cell').map((cell) => cell.textContent);
    // 15:00 UTC is 9:00 AM in Chicago (the company's clock), said with its zone whatever the browser's.
    expect(cells).toEqual([
      'Nov 20, 2026, 9:00 AM CST by Rita',
      'Study 24106; ages 18 to 65; every site; 2 About-me answers',
      '40',
      '38',
      '30',
      '1',
      '9',
      '4',
    ]);
    expect(table.getAllByRole('columnheader').map((header) => header.textContent?.replace(/[▲▼↕]/g, '').trim())).toEqual([
      'Study',
      'When sent',
      'Filters',
      'Matched',
      'Queued',
      'Sent',
      'Skipped',
      'Clicked',
      'Answered',
    ]);
    expect(table.getByRole('columnheader', { name: /^When sent/ })).toHaveAttribute('aria-sort', 'descending');
    expect(within(table.getByRole('columnheader', { name: 'Answered' })).queryByRole('button')).toBeNull();
    expect(screen.getByText('Showing 1-1 of 1')).toBeInTheDocument();
    expect(screen.getByText(/Times are in Chicago time/)).toBeInTheDocument();
    expect(screen.getByText(/E-mails go out at 60 a minute/)).toBeInTheDocument();
  });

  test('asks the server for the sort, page size, filter and page chosen in the sendings table (decision 145)', async () => {
    const user = userEvent.setup();
    const many = list([SUMMARY], 60);
    api.answers['/staff/invitations/Options'] = { body: OPTIONS };
    api.answers[LIST_PATH] = many;
    api.answers[`${LIST_PATH}&sort=queued`] = many;
    api.answers[`${LIST_PATH}&sort=queued&dir=asc`] = many;
    api.answers['/staff/invitations/List?page=2&sort=queued&dir=asc'] = { body: { ...many.body, page: 2 } };
    api.answers[`${LIST_PATH}&sort=queued&dir=asc&pageSize=50`] = { body: { ...many.body, pageSize: 50 } };
    api.answers[`${LIST_PATH}&sort=queued&dir=asc&pageSize=50&q=2`] = list([SUMMARY]);
    renderAt('/staff/invitations');
    const table = await screen.findByRole('table', { name: 'Sent invitations' });
    expect(screen.getByText('Showing 1-25 of 60')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /Queued/ }));
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: /Queued/ })).toHaveAttribute('aria-sort', 'descending'));
    await user.click(within(table).getByRole('button', { name: /Queued/ }));
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: /Queued/ })).toHaveAttribute('aria-sort', 'ascending'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26-50 of 60')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows a page' }), '50');
    expect(await screen.findByText('Showing 1-50 of 60')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Find a study by name or number' }), '2');
    expect(await screen.findByText('Showing 1-1 of 1')).toBeInTheDocument();
    expect(api.paths()).toContain(`${LIST_PATH}&sort=queued&dir=asc&pageSize=50&q=2`);
  });

  test('counts live as the filters change, from the shared schema’s valid filters only, then sends once with the form’s request id', async () => {
    api.answers[LIST_PATH] = list([]);
    api.answers['/staff/invitations/Options'] = { body: OPTIONS };
    // The count depends on the filters, as the server's would: each answer chosen or study left out takes testers off.
    api.answers['/staff/invitations/Preview'] = (body) => {
      const { filters } = body as { filters: { answerIds: number[]; excludeStudyNos: number[]; excludeProjectTypes: number[] } };
      const matched = 9 - 2 * filters.answerIds.length - 3 * filters.excludeStudyNos.length - filters.excludeProjectTypes.length;
      return { body: { status: 'succeed', message: '', matched, alreadyInvited: 2 } };
    };
    api.answers['/staff/invitations/Send'] = {
      body: { status: 'succeed', message: INVITATION_TEXTS.sent(1), invitationId: 13, matched: 3, queued: 1 },
    };
    const user = renderAt('/staff/invitations');
    await screen.findByLabelText('Study');
    expect(screen.getByText('Choose a study to see how many testers match.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send to/ })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Study'), '24106');
    const preview = await screen.findByTestId('invitation-preview');
    await waitFor(() =>
      expect(preview).toHaveTextContent('9 testers match, 2 of them invited to this study already. 7 testers would be invited.'),
    );

    // Ages in the wrong order: the schema's message, and no count is asked for them.
    await user.type(screen.getByLabelText('Lowest age', { exact: false }), '40');
    await user.type(screen.getByLabelText('Highest age', { exact: false }), '30');
    expect(await screen.findByText(INVITATION_TEXTS.ageOrder)).toBeInTheDocument();
    expect(screen.getByLabelText('Highest age', { exact: false })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: /Send to/ })).toBeNull();
    await user.clear(screen.getByLabelText('Highest age', { exact: false }));
    await user.type(screen.getByLabelText('Highest age', { exact: false }), '65');
    await user.click(screen.getByLabelText('Dallas'));
    await user.type(screen.getByLabelText('Last tested more than', { exact: false }), '6');

    // An About-me answer picked under its question: a chip, and the count follows.
    const aboutMe = within(screen.getByRole('group', { name: 'About-me answers' }));
    await user.click(within(aboutMe.getByRole('group', { name: 'Which pets do you have?' })).getByRole('checkbox', { name: 'Dog' }));
    expect(
      within(aboutMe.getByRole('list', { name: 'Chosen answers' })).getByRole('button', { name: 'Remove Which pets do you have?: Dog' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(preview).toHaveTextContent('7 testers match, 2 of them invited to this study already. 5 testers would be invited.'),
    );

    // An earlier study left out: the count drops again.
    await user.selectOptions(screen.getByLabelText('Add an earlier study'), '24001');
    expect(screen.getByRole('button', { name: 'Remove study 24001: Crisps taste test' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Taking part within the last', { exact: false }), '12');
    // Send is offered once the count on screen is the one for the filters on screen.
    const sendButton = await screen.findByRole('button', { name: 'Send to 2 testers' });
    expect(preview).toHaveTextContent('4 testers match, 2 of them invited to this study already. 2 testers would be invited.');
    const filters = {
      minAge: 40,
      maxAge: 65,
      siteIds: ['00002'],
      answerIds: [7],
      notTestedMonths: 6,
      excludeStudyNos: [24001],
      excludeProjectTypes: [],
      excludeWithinMonths: 12,
    };
    const previews = api.calls.filter((call) => call.path === '/staff/invitations/Preview');
    expect(previews.at(-1)?.body).toEqual({ studyNo: 24106, filters });
    // Only valid filters were counted: never the ages 40 to 30.
    expect(previews.some((call) => (call.body as { filters: { maxAge: number | null } }).filters.maxAge === 30)).toBe(false);

    await user.dblClick(sendButton);
    expect(await screen.findByText(INVITATION_TEXTS.sent(1), { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Follow invitation #13' })).toHaveAttribute('href', '/staff/invitations/13');
    const sends = api.calls.filter((call) => call.path === '/staff/invitations/Send');
    expect(sends.length).toBeGreaterThanOrEqual(1);
    const ids = new Set(sends.map((call) => (call.body as { requestId: string }).requestId));
    expect(ids.size).toBe(1);
    expect(sends[0]!.body).toMatchObject({ studyNo: 24106, filters });
    // Sent: the same filters are not offered for sending again.
    expect(screen.queryByRole('button', { name: /Send to/ })).toBeNull();
  });

  test('a change to the filters takes the old count off Send, marked as updating, until the new count is in', async () => {
    api.answers[LIST_PATH] = list([]);
    api.answers['/staff/invitations/Options'] = { body: OPTIONS };
    api.answers['/staff/invitations/Preview'] = (body) => {
      const sites = (body as { filters: { siteIds: string[] } }).filters.siteIds;
      return { body: { status: 'succeed', message: '', matched: sites.length === 0 ? 2 : 1, alreadyInvited: 0 } };
    };
    const user = renderAt('/staff/invitations');
    await user.selectOptions(await screen.findByLabelText('Study'), '24106');
    await screen.findByRole('button', { name: 'Send to 2 testers' });
    await user.click(screen.getByLabelText('Chicago'));
    // At once: the old count is marked as updating and cannot be sent.
    expect(screen.queryByRole('button', { name: /Send to/ })).toBeNull();
    expect(screen.getByTestId('invitation-preview')).toHaveTextContent('Updating…');
    expect(await screen.findByRole('button', { name: 'Send to 1 tester' })).toBeInTheDocument();
  });

  test('has empty and error states, and Try again', async () => {
    let fail = true;
    api.answers[LIST_PATH] = () => (fail ? { status: 500, body: { message: 'boom' } } : list([]));
    api.answers['/staff/invitations/Options'] = { body: { ...OPTIONS, studies: [] } };
    const user = renderAt('/staff/invitations');
    expect(await screen.findByText('No study is open: open a study before inviting testers to it.')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No invitations sent yet.')).toBeInTheDocument();
  });

  test('is refused to staff without the recruiter role, asking the server nothing', async () => {
    renderAt('/staff/invitations', ['rewards']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only staff with the recruiter role can open this page.');
    expect(api.calls).toEqual([]);
  });
});

describe('one invitation’s page', () => {
  const DETAIL: InvitationDetailResponse = {
    status: 'succeed',
    message: '',
    invitation: {
      ...SUMMARY,
      counts: { matched: 2, queued: 2, sent: 2, skipped: 0, clicked: 1, answered: 1 },
      filters: {
        minAge: 18,
        maxAge: null,
        siteIds: ['00001'],
        answerIds: [],
        notTestedMonths: 6,
        excludeStudyNos: [],
        excludeProjectTypes: [],
        excludeWithinMonths: null,
      },
    },
    recipients: [
      {
        testerId: 'a',
        username: 'annatester',
        state: 'sent',
        sentAt: '2026-11-20T15:01:00.000Z',
        clickedAt: '2026-11-20T16:00:00.000Z',
        answered: true,
      },
      { testerId: 'b', username: 'bentester', state: 'skipped', sentAt: null, clickedAt: null, answered: false },
    ],
    page: 1,
    hasMore: false,
    total: 2,
    pageSize: 25,
  };

  test('shows the filters, the counts and each recipient’s state', async () => {
    api.answers['/staff/invitations/Detail?invitationId=12&page=1'] = { body: DETAIL };
    renderAt('/staff/invitations/12');
    expect(await screen.findByRole('heading', { name: 'Invitation #12: Snack taste test' })).toBeInTheDocument();
    expect(screen.getByText('ages 18 to any; sites 00001; not tested in the last 6 months')).toBeInTheDocument();
    const anna = within(screen.getByRole('row', { name: /^annatester/ }));
    expect(anna.getByTestId('recipient-state')).toHaveTextContent('Sent');
    expect(anna.getByTestId('recipient-clicked')).toHaveTextContent('Nov 20, 2026');
    expect(anna.getByText('Yes: screened or booked')).toBeInTheDocument();
    const ben = within(screen.getByRole('row', { name: /^bentester/ }));
    expect(ben.getByTestId('recipient-state')).toHaveTextContent('Skipped: e-mail turned off');
    expect(ben.getByTestId('recipient-clicked')).toHaveTextContent('Not yet');
  });

  test('asks the server for the sort, page size, filter and page chosen in the recipients table (decision 136)', async () => {
    const user = userEvent.setup();
    const base = '/staff/invitations/Detail?invitationId=12';
    const many = { ...DETAIL, total: 36, hasMore: true };
    api.answers[`${base}&page=1`] = { body: many };
    api.answers[`${base}&page=1&sort=state`] = { body: many };
    api.answers[`${base}&page=1&sort=state&dir=desc`] = { body: many };
    api.answers[`${base}&page=2&sort=state&dir=desc`] = { body: { ...many, page: 2, hasMore: false } };
    api.answers[`${base}&page=1&sort=state&dir=desc&pageSize=10`] = { body: { ...many, pageSize: 10 } };
    api.answers[`${base}&page=1&sort=state&dir=desc&pageSize=10&q=a`] = { body: { ...many, total: 1, hasMore: false } };
    renderAt('/staff/invitations/12');
    const table = await screen.findByRole('table', { name: 'Recipients of invitation #12' });
    expect(within(table).getByRole('columnheader', { name: /Username/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByText('Showing 1-25 of 36')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: /State/ }));
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: /State/ })).toHaveAttribute('aria-sort', 'ascending'));
    expect(within(table).getByRole('columnheader', { name: /Username/ })).not.toHaveAttribute('aria-sort');
    await user.click(within(table).getByRole('button', { name: /State/ }));
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: /State/ })).toHaveAttribute('aria-sort', 'descending'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26-36 of 36')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows a page' }), '10');
    expect(await screen.findByText('Showing 1-10 of 36')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Find a username' }), 'a');
    expect(await screen.findByText('Showing 1-1 of 1')).toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toContain(`${base}&page=1&sort=state&dir=desc&pageSize=10&q=a`);
  });

  test('shows the earlier studies and kinds of study whose testers the sending left out (decision 121)', async () => {
    const filters = { ...DETAIL.invitation!.filters, excludeStudyNos: [24001, 24002], excludeProjectTypes: [2], excludeWithinMonths: 12 };
    api.answers['/staff/invitations/Detail?invitationId=12&page=1'] = {
      body: { ...DETAIL, invitation: { ...DETAIL.invitation!, filters } },
    };
    renderAt('/staff/invitations/12');
    expect(
      await screen.findByText(
        'ages 18 to any; sites 00001; not tested in the last 6 months; leaving out who took part in studies 24001, 24002 or any Focus group (2) in the last 12 months',
      ),
    ).toBeInTheDocument();
  });

  test('says so for an unknown invitation and offers Try again on an error', async () => {
    api.answers['/staff/invitations/Detail?invitationId=99&page=1'] = {
      body: {
        status: 'failed',
        message: INVITATION_TEXTS.notFound,
        invitation: null,
        recipients: [],
        page: 1,
        hasMore: false,
        total: 0,
        pageSize: 25,
      },
    };
    renderAt('/staff/invitations/99');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_TEXTS.notFound);
  });
});
