// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import {
  STAFF_TESTER_TEXTS,
  TESTER_NOTE_TEXTS,
  type TesterNote,
  type TesterPage,
  type TesterSummary,
} from '@testerhub/shared/staff-testers-schemas';
import { fakeApi } from '../../../test/fake-api';
import { TesterPage as TesterPageView } from './tester-page';
import { TesterSearchPage } from './tester-search-page';
import { renderStaffPages } from '../../../test/staff-pages';

const api = fakeApi();
const ID = '5b0c1f52-8a54-4c1e-9d3e-2f4b8a6c7d10';

const ANNA: TesterSummary = {
  testerId: ID,
  firstName: 'Anna',
  lastName: 'Tester',
  username: 'annatester',
  email: 'anna@example.test',
  phone: '3125550100',
  blackList: false,
  suspendedUntil: null,
};

const PAGE: TesterPage = {
  profile: {
    id: ID,
    firstName: 'Anna',
    lastName: 'Tester',
    username: 'annatester',
    email: 'anna@example.test',
    phone: '3125550100',
    address: '1 Main St',
    city: 'Chicago',
    state: 'IL',
    zipCode: '60614',
    birthDate: '1990-05-01',
    createdAt: '2026-01-02T10:00:00.000Z',
  },
  coins: 120,
  exp: 300,
  level: 2,
  blackList: false,
  suspendedUntil: '2027-05-01T00:00:00.000Z',
  suspensions: [],
  bookings: [{ id: 1, studyNo: 1234, startsAt: '2026-11-20T15:00:00.000Z', endsAt: '2026-11-20T16:00:00.000Z', status: 'noShow' }],
  screenings: [],
  waitingList: [],
  studyNames: { 1234: 'Snack bar taste test' },
  children: [],
  referrals: [],
  ledger: [
    {
      id: 9,
      coins: 20,
      experience: 0,
      reason: 'staff-adjustment',
      reasonText: 'Adjusted by Tester Services',
      reference: 'x',
      createdAt: '2026-11-21T10:00:00.000Z',
    },
  ],
  ledgerPage: 1,
  ledgerHasMore: false,
  ledgerTotal: 1,
  ledgerPageSize: 50,
  audit: [
    {
      id: 3,
      at: '2026-11-21T10:00:00.000Z',
      staffName: 'Rita',
      action: 'tester.adjust-coins',
      before: { coins: 100 },
      after: { coins: 120, reason: 'Goodwill' },
    },
  ],
  auditPage: 1,
  auditHasMore: false,
  auditTotal: 1,
  auditPageSize: 50,
};

function renderAt(entry: string, roles: StaffRole[] = ['recruiter']) {
  return renderStaffPages(entry, { testers: <TesterSearchPage />, 'testers/:testerId': <TesterPageView /> }, roles);
}

describe('the tester search page (decision 053)', () => {
  test('refuses a one-letter search at the field, then lists the testers found with a link to each', async () => {
    api.answers['/staff/testers/Search?q=anna%40ex'] = { body: { status: 'succeed', kind: 'email', hasMore: true, testers: [ANNA] } };
    const user = renderAt('/staff/testers');
    const field = screen.getByLabelText('Name, username, e-mail or phone', { exact: false });
    await user.type(field, 'a');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText(STAFF_TESTER_TEXTS.queryRequired)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);

    await user.clear(field);
    await user.type(field, 'anna@ex{Enter}');
    const row = within(await screen.findByRole('row', { name: /Anna Tester/ }));
    expect(row.getByRole('link', { name: 'Anna Tester' })).toHaveAttribute('href', `/staff/testers/${ID}`);
    expect(row.getByText('3125550100')).toBeInTheDocument();
    expect(screen.getByText('More than 25 testers match', { exact: false })).toBeInTheDocument();
  });

  test('shows the testers found as a table that sorts, filters and pages in the browser (decision 140)', async () => {
    const testers: TesterSummary[] = Array.from({ length: 25 }, (_, index) => ({
      ...ANNA,
      testerId: `t-${index}`,
      firstName: `Ana${String(index).padStart(2, '0')}`,
      username: `ana${index}`,
      suspendedUntil: index % 5 === 0 ? '2027-05-01T00:00:00.000Z' : null,
    }));
    api.answers['/staff/testers/Search?q=ana'] = {
      body: { status: 'succeed', kind: 'name', hasMore: false, testers: testers.toReversed() },
    };
    const user = renderAt('/staff/testers?q=ana');
    const table = within(await screen.findByTestId('tester-results'));
    const firstRowName = () => within(table.getAllByRole('row')[1]!).getByRole('rowheader').textContent;
    expect(table.getByRole('table', { name: 'Testers found' })).toBeInTheDocument();
    expect(table.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(table.getByRole('columnheader', { name: /Phone/ })).not.toHaveAttribute('aria-sort');
    expect(firstRowName()).toBe('Ana00 Tester');
    expect(table.getByText('Showing 1-25 of 25')).toBeInTheDocument();

    await user.click(table.getByRole('button', { name: /Name/ }));
    expect(table.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    expect(firstRowName()).toBe('Ana24 Tester');

    await user.type(table.getByRole('searchbox', { name: 'Filter the testers found' }), 'suspended');
    expect(table.getByText('Showing 1-5 of 5')).toBeInTheDocument();
    expect(table.getAllByTestId('tester-result')[0]).toHaveTextContent('Suspended until May 1, 2027');

    await user.clear(table.getByRole('searchbox', { name: 'Filter the testers found' }));
    await user.selectOptions(table.getByRole('combobox', { name: 'Rows a page' }), '10');
    expect(table.getByText('Showing 1-10 of 25')).toBeInTheDocument();
    await user.click(table.getByRole('button', { name: 'Next' }));
    expect(table.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(firstRowName()).toBe('Ana14 Tester');
  });

  test('says when nothing matches, and offers Try again after an error', async () => {
    let fail = true;
    api.answers['/staff/testers/Search?q=zz'] = () =>
      fail ? { status: 500, body: { message: 'boom' } } : { body: { status: 'succeed', kind: 'name', hasMore: false, testers: [] } };
    const user = renderAt('/staff/testers?q=zz');
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No tester’s name, username, e-mail or phone starts with “zz”.')).toBeInTheDocument();
  });

  test('is refused without the recruiter role, asking the server nothing', async () => {
    renderAt('/staff/testers', ['rewards']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only staff with the recruiter role can open this page.');
    expect(api.calls).toEqual([]);
  });
});

describe('a tester’s page (decision 053)', () => {
  test('shows the profile, balance, suspension, bookings, ledger and audit trail', async () => {
    api.answers[`/staff/testers/Tester?testerId=${ID}&ledgerPage=1&auditPage=1`] = {
      body: { status: 'succeed', message: '', tester: PAGE },
    };
    renderAt(`/staff/testers/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Anna Tester', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('tester-coins')).toHaveTextContent('120');
    expect(screen.getByTestId('tester-suspension')).toHaveTextContent('Suspended until May 1, 2027');
    expect(within(screen.getByTestId('tester-bookings')).getByText('No-show')).toBeInTheDocument();
    expect(within(screen.getByTestId('tester-ledger')).getByText('Adjusted by Tester Services')).toBeInTheDocument();
    expect(within(screen.getByTestId('tester-audit')).getByText('Goodwill')).toBeInTheDocument();
    expect(screen.getByText('No children registered.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the tester’s data' })).toHaveAttribute(
      'href',
      `/api/staff/testers/Export?testerId=${ID}`,
    );
  });

  test('says bookings, screeners and suspensions in words, each study by number and name (issue 29)', async () => {
    const tester: TesterPage = {
      ...PAGE,
      screenings: [
        { id: 5, studyNo: 1234, status: 'alreadyScheduled', startedAt: '2026-11-19T10:00:00.000Z', completedAt: null },
        { id: 6, studyNo: 77, status: 'disqualified', startedAt: '2026-11-18T10:00:00.000Z', completedAt: null },
      ],
      suspensions: [{ id: 2, reason: 'noShows', startsAt: '2026-11-21T10:00:00.000Z', endsAt: '2027-05-01T00:00:00.000Z', liftedAt: null }],
    };
    api.answers[`/staff/testers/Tester?testerId=${ID}&ledgerPage=1&auditPage=1`] = { body: { status: 'succeed', message: '', tester } };
    renderAt(`/staff/testers/${ID}`);
    const bookings = within(await screen.findByTestId('tester-bookings'));
    expect(bookings.getByText('1234 · Snack bar taste test')).toBeInTheDocument();
    expect(bookings.getByText('No-show')).toBeInTheDocument();
    const screeners = within(screen.getByTestId('tester-screeners'));
    expect(screeners.getByText('Already scheduled (101)')).toBeInTheDocument();
    expect(screeners.getByText('Not qualified')).toBeInTheDocument();
    // A study the server could not name (deleted since) keeps its number.
    expect(screeners.getByText('77')).toBeInTheDocument();
    expect(within(screen.getByTestId('tester-suspensions')).getByText('Too many no-shows')).toBeInTheDocument();
    for (const code of ['noShow', 'alreadyScheduled', 'disqualified', 'noShows']) expect(screen.queryByText(code)).not.toBeInTheDocument();
  });

  test('pages the coin ledger’s table and the audit trail apart, each page kept in the address', async () => {
    const tester = (ledgerPage: number, auditPage: number) => ({
      body: {
        status: 'succeed',
        message: '',
        tester: {
          ...PAGE,
          ledgerPage,
          ledgerHasMore: ledgerPage < 2,
          ledgerTotal: 60,
          auditPage,
          auditHasMore: auditPage < 3,
          auditTotal: 120,
        },
      },
    });
    api.answers[`/staff/testers/Tester?testerId=${ID}&ledgerPage=1&auditPage=2`] = tester(1, 2);
    api.answers[`/staff/testers/Tester?testerId=${ID}&ledgerPage=2&auditPage=2`] = tester(2, 2);
    api.answers[`/staff/testers/Tester?testerId=${ID}&ledgerPage=2&auditPage=1`] = tester(2, 1);
    // The audit trail's page in the address (decision 145: its table's fields carry the audit prefix).
    const user = renderAt(`/staff/testers/${ID}?auditPage=2`);
    const ledger = within(await screen.findByTestId('tester-ledger'));
    expect(ledger.getByText('Showing 1-50 of 60')).toBeInTheDocument();
    expect(ledger.getByRole('button', { name: 'Previous' })).toBeDisabled();
    const audit = within(screen.getByTestId('tester-audit'));
    expect(audit.getByText('Showing 51-100 of 120')).toBeInTheDocument();
    const auditPages = within(screen.getByRole('navigation', { name: 'Audit trail: pages' }));
    expect(auditPages.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await user.click(ledger.getByRole('button', { name: 'Next' }));
    // The ledger's second page; the audit trail stays on its own second page.
    expect(await ledger.findByText('Showing 51-60 of 60')).toBeInTheDocument();
    expect(audit.getByText('Showing 51-100 of 120')).toBeInTheDocument();
    expect(api.paths().at(-1)).toBe(`/staff/testers/Tester?testerId=${ID}&ledgerPage=2&auditPage=2`);
    // Newer entries: the audit trail's first page; the ledger stays on its second.
    await user.click(auditPages.getByRole('button', { name: 'Previous' }));
    expect(await audit.findByText('Showing 1-50 of 120')).toBeInTheDocument();
    expect(api.paths().at(-1)).toBe(`/staff/testers/Tester?testerId=${ID}&ledgerPage=2&auditPage=1`);
  });

  test('shows the audit trail as a table: when in UTC, who, what in words and the change in words (decision 145)', async () => {
    api.answers[`/staff/testers/Tester?testerId=${ID}&ledgerPage=1&auditPage=1`] = {
      body: { status: 'succeed', message: '', tester: PAGE },
    };
    renderAt(`/staff/testers/${ID}`);
    const table = within(await screen.findByRole('table', { name: 'Audit trail' }));
    expect(table.getAllByRole('columnheader').map((header) => header.textContent?.replace(/[▲▼↕]/g, '').trim())).toEqual([
      'When',
      'Who',
      'What',
      'Change',
    ]);
    expect(table.getByRole('columnheader', { name: /When/ })).toHaveAttribute('aria-sort', 'descending');
    const row = within(table.getByRole('row', { name: /^Nov 21, 2026, 10:00 AM UTC/ }));
    expect(row.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Rita',
      'Coins added or taken',
      'balance: 100 → 120; reason: Goodwill',
    ]);
    expect(screen.getByText('Times in the audit trail are in UTC, as in the audit log.')).toBeInTheDocument();
    expect(screen.queryByText('tester.adjust-coins')).not.toBeInTheDocument();
  });

  test('asks the server for the audit trail sorted, paged and filtered as its table asks (decision 145)', async () => {
    const base = `/staff/testers/Tester?testerId=${ID}&ledgerPage=1`;
    const answer = { body: { status: 'succeed', message: '', tester: { ...PAGE, auditTotal: 80, auditHasMore: true } } };
    api.answers[`${base}&auditPage=1`] = answer;
    api.answers[`${base}&auditPage=1&auditSort=staff&auditDir=asc`] = answer;
    api.answers[`${base}&auditPage=1&auditSort=staff&auditDir=asc&auditPageSize=25`] = {
      body: { ...answer.body, tester: { ...answer.body.tester, auditPageSize: 25 } },
    };
    api.answers[`${base}&auditPage=1&auditSort=staff&auditDir=asc&auditPageSize=25&auditQ=g`] = {
      body: { ...answer.body, tester: { ...answer.body.tester, auditTotal: 1, auditHasMore: false } },
    };
    const user = renderAt(`/staff/testers/${ID}`);
    const audit = within(await screen.findByTestId('tester-audit'));
    await user.click(audit.getByRole('button', { name: /Who/ }));
    await waitFor(() => expect(audit.getByRole('columnheader', { name: /Who/ })).toHaveAttribute('aria-sort', 'ascending'));
    await user.selectOptions(audit.getByRole('combobox', { name: 'Rows a page' }), '25');
    expect(await audit.findByText('Showing 1-25 of 80')).toBeInTheDocument();
    await user.type(audit.getByRole('searchbox', { name: 'Find an action or reason' }), 'g');
    expect(await audit.findByText('Showing 1-1 of 1')).toBeInTheDocument();
    expect(api.paths().at(-1)).toBe(`${base}&auditPage=1&auditSort=staff&auditDir=asc&auditPageSize=25&auditQ=g`);
  });

  test('asks the server for the coin ledger sorted and filtered as its table asks (decision 136)', async () => {
    const base = `/staff/testers/Tester?testerId=${ID}`;
    const answer = { body: { status: 'succeed', message: '', tester: PAGE } };
    api.answers[`${base}&ledgerPage=1&auditPage=1`] = answer;
    api.answers[`${base}&ledgerPage=1&auditPage=1&ledgerSort=coins`] = answer;
    api.answers[`${base}&ledgerPage=1&auditPage=1&ledgerSort=coins&ledgerPageSize=25`] = answer;
    api.answers[`${base}&ledgerPage=1&auditPage=1&ledgerSort=coins&ledgerPageSize=25&ledgerQ=w`] = {
      body: { status: 'succeed', message: '', tester: { ...PAGE, ledger: [], ledgerTotal: 0 } },
    };
    const user = renderAt(`/staff/testers/${ID}`);
    const ledger = within(await screen.findByTestId('tester-ledger'));
    expect(ledger.getByRole('table', { name: 'Coin ledger' })).toBeInTheDocument();
    expect(ledger.getByRole('columnheader', { name: /When/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(ledger.getByRole('button', { name: /Coins/ }));
    await waitFor(() => expect(ledger.getByRole('columnheader', { name: /Coins/ })).toHaveAttribute('aria-sort', 'descending'));
    expect(ledger.getByRole('columnheader', { name: /When/ })).not.toHaveAttribute('aria-sort');
    await user.selectOptions(ledger.getByRole('combobox', { name: 'Rows a page' }), '25');
    await user.type(ledger.getByRole('searchbox', { name: 'Find a kind of change' }), 'w');
    expect(await ledger.findByText('No coin change’s words hold that text.')).toBeInTheDocument();
    expect(api.paths().at(-1)).toBe(`${base}&ledgerPage=1&auditPage=1&ledgerSort=coins&ledgerPageSize=25&ledgerQ=w`);
  });

  test('shows the bookings as a table that sorts and filters in the page (decision 136)', async () => {
    const bookings = Array.from({ length: 30 }, (_, index) => ({
      id: index + 1,
      studyNo: 1234,
      startsAt: new Date(Date.UTC(2026, 10, 1 + index, 15)).toISOString(),
      endsAt: new Date(Date.UTC(2026, 10, 1 + index, 16)).toISOString(),
      status: index % 5 === 0 ? 'noShow' : 'attended',
    }));
    api.answers[`/staff/testers/Tester?testerId=${ID}&ledgerPage=1&auditPage=1`] = {
      body: { status: 'succeed', message: '', tester: { ...PAGE, bookings } },
    };
    const user = renderAt(`/staff/testers/${ID}`);
    const table = within(await screen.findByTestId('tester-bookings'));
    expect(table.getByText('Showing 1-25 of 30')).toBeInTheDocument();
    expect(table.getByRole('columnheader', { name: /Session/ })).toHaveAttribute('aria-sort', 'descending');
    expect(table.getAllByRole('row')[1]).toHaveTextContent('Nov 30, 2026');
    await user.type(table.getByRole('searchbox', { name: 'Find a booking' }), 'no-show');
    expect(table.getByText('Showing 1-6 of 6')).toBeInTheDocument();
    await user.click(table.getByRole('button', { name: /Session/ }));
    expect(table.getByRole('columnheader', { name: /Session/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(table.getAllByRole('row')[1]).toHaveTextContent('Nov 1, 2026');
  });

  test('adjusts coins only with a number and a reason, and tells the server’s answer', async () => {
    api.answers[`/staff/testers/Tester?testerId=${ID}&ledgerPage=1&auditPage=1`] = {
      body: { status: 'succeed', message: '', tester: PAGE },
    };
    api.answers['/staff/testers/AdjustCoins'] = { body: { status: 'failed', message: STAFF_TESTER_TEXTS.belowZero } };
    const user = renderAt(`/staff/testers/${ID}`);
    const form = within(await screen.findByRole('form', { name: 'Adjust coins' }));
    await user.click(form.getByRole('button', { name: 'Adjust coins' }));
    expect(form.getByText(STAFF_TESTER_TEXTS.coinsRequired)).toBeInTheDocument();
    expect(form.getByText(STAFF_TESTER_TEXTS.reasonRequired)).toBeInTheDocument();
    await user.type(form.getByLabelText('Coins', { exact: false }), '-500');
    await user.type(form.getByLabelText('Reason for the adjustment', { exact: false }), 'Duplicate');
    await user.click(form.getByRole('button', { name: 'Adjust coins' }));
    expect(await screen.findByText(STAFF_TESTER_TEXTS.belowZero)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/testers/AdjustCoins')?.body).toEqual({
      testerId: ID,
      coins: -500,
      reason: 'Duplicate',
    });
  });

  test('lifts the suspension with a reason; deletion needs the typed username', async () => {
    api.answers[`/staff/testers/Tester?testerId=${ID}&ledgerPage=1&auditPage=1`] = {
      body: { status: 'succeed', message: '', tester: PAGE },
    };
    api.answers['/staff/testers/LiftSuspension'] = { body: { status: 'succeed', message: STAFF_TESTER_TEXTS.suspensionLifted } };
    const user = renderAt(`/staff/testers/${ID}`);
    const lift = within(await screen.findByRole('form', { name: 'Lift the suspension' }));
    await user.type(lift.getByLabelText('Reason for lifting the suspension', { exact: false }), 'Excused');
    await user.click(lift.getByRole('button', { name: 'Lift the suspension' }));
    expect(await screen.findByText(STAFF_TESTER_TEXTS.suspensionLifted)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/testers/LiftSuspension')?.body).toEqual({ testerId: ID, reason: 'Excused' });

    const remove = within(screen.getByRole('form', { name: 'Delete the tester' }));
    await user.click(remove.getByRole('button', { name: 'Delete the account' }));
    expect(remove.getByText(STAFF_TESTER_TEXTS.confirmationRequired)).toBeInTheDocument();
    expect(api.paths()).not.toContain('/staff/testers/Delete');
  });

  test('says when the tester is gone', async () => {
    api.answers[`/staff/testers/Tester?testerId=${ID}&ledgerPage=1&auditPage=1`] = {
      body: { status: 'failed', message: STAFF_TESTER_TEXTS.testerUnknown, tester: null },
    };
    renderAt(`/staff/testers/${ID}`);
    expect(await screen.findByText(STAFF_TESTER_TEXTS.testerUnknown)).toBeInTheDocument();
  });
});

describe('notes on a tester (decision 116)', () => {
  const NOTES_PATH = `/staff/testers/Notes?testerId=${ID}`;
  const NEWER: TesterNote = {
    noteId: '0b6f7c2e-1d4a-4f3b-9c8d-7e6f5a4b3c21',
    text: 'Prefers morning sessions.\nAsk for Anna at the desk.',
    authorName: 'Rita',
    createdAt: '2026-11-27T15:00:00.000Z',
    deletable: true,
  };
  const OLDER: TesterNote = {
    noteId: '1c7a8d3f-2e5b-4a4c-8d9e-8f7a6b5c4d32',
    text: 'Called about parking.',
    authorName: 'Sam',
    createdAt: '2026-11-20T10:00:00.000Z',
    deletable: false,
  };

  function answerPage() {
    api.answers[`/staff/testers/Tester?testerId=${ID}&ledgerPage=1&auditPage=1`] = {
      body: { status: 'succeed', message: '', tester: PAGE },
    };
  }

  test('lists the notes newest first with author and time; only the reader’s own recent note offers Delete', async () => {
    answerPage();
    api.answers[NOTES_PATH] = { body: { status: 'succeed', message: '', hasMore: false, notes: [NEWER, OLDER] } };
    api.answers['/staff/testers/DeleteNote'] = { body: { status: 'succeed', message: TESTER_NOTE_TEXTS.deleted } };
    const user = renderAt(`/staff/testers/${ID}`);
    const list = await screen.findByTestId('tester-notes');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['Rita', 'Sam']);
    expect(within(items[0]!).getByText('Ask for Anna', { exact: false })).toBeInTheDocument();
    expect(items[0]!.querySelector('time')).toHaveAttribute('dateTime', NEWER.createdAt);
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(items[0]!).getByRole('button', { name: /^Delete your note of / }));
    expect(await screen.findByText(TESTER_NOTE_TEXTS.deleted)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/testers/DeleteNote')?.body).toEqual({ testerId: ID, noteId: NEWER.noteId });
  });

  test('refuses a blank note at the field, then sends the note and tells the server’s answer', async () => {
    answerPage();
    api.answers[NOTES_PATH] = { body: { status: 'succeed', message: '', hasMore: false, notes: [] } };
    api.answers['/staff/testers/AddNote'] = { body: { status: 'succeed', message: TESTER_NOTE_TEXTS.added } };
    const user = renderAt(`/staff/testers/${ID}`);
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'Add a note' }));
    const field = form.getByLabelText('New note', { exact: false });
    await user.click(form.getByRole('button', { name: 'Add the note' }));
    expect(form.getByText(TESTER_NOTE_TEXTS.textRequired)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.paths()).not.toContain('/staff/testers/AddNote');

    await user.type(field, 'Prefers mornings');
    await user.click(form.getByRole('button', { name: 'Add the note' }));
    expect(await screen.findByText(TESTER_NOTE_TEXTS.added)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/testers/AddNote')?.body).toEqual({ testerId: ID, text: 'Prefers mornings' });
    await waitFor(() => expect(field).toHaveValue(''));
  });

  test('offers Try again when the notes cannot be read', async () => {
    answerPage();
    let fail = true;
    api.answers[NOTES_PATH] = () =>
      fail ? { status: 500, body: { message: 'boom' } } : { body: { status: 'succeed', message: '', hasMore: false, notes: [OLDER] } };
    const user = renderAt(`/staff/testers/${ID}`);
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Called about parking.')).toBeInTheDocument();
  });
});
