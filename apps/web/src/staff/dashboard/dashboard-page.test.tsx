// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import type { DashboardResponse } from '@testerhub/shared/dashboard-schemas';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { DashboardPage } from './dashboard-page';

const api = fakeApi();
const PATH = '/staff/Dashboard';

const weeks = (values: number[]) =>
  values.map((value, index) => ({ weekStart: `2031-03-${String(3 + 7 * index).padStart(2, '0')}`, value }));

const FIGURES: DashboardResponse = {
  status: 'succeed',
  timeZone: 'America/Chicago',
  sites: [
    {
      siteId: '00001',
      name: 'Chicago Test Center',
      timeZone: 'America/Chicago',
      day: '2031-03-12',
      sessions: [
        {
          sessionId: 7,
          studyNo: 3001,
          studyName: 'Morning cereal taste test',
          kind: 'inPerson',
          testerDay: 1,
          startsAt: '2031-03-12T16:00:00.000Z',
          endsAt: '2031-03-12T18:00:00.000Z',
          seats: 4,
          booked: 1,
          attended: 2,
          noShow: 1,
        },
      ],
    },
    { siteId: '00002', name: 'Dallas Test Center', timeZone: 'America/Chicago', day: '2031-03-12', sessions: [] },
  ],
  studiesFilling: [{ studyNo: 3002, studyName: 'Shampoo home use', seats: 10, taken: 9, percent: 90 }],
  signUps: weeks([4, 12]).map(({ weekStart, value }) => ({ weekStart, count: value })),
  noShows: [
    { weekStart: '2031-03-03', attended: 3, noShow: 1, percent: 25 },
    { weekStart: '2031-03-10', attended: 0, noShow: 0, percent: null },
  ],
};

function renderPage() {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <WithPortalQuery>
        <DashboardPage />
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return user;
}

describe('the staff dashboard (decision 058)', () => {
  test('shows each site’s sessions today with check-ins, an empty site, studies filling and the weekly charts as tables', async () => {
    api.answers[PATH] = { body: FIGURES };
    renderPage();
    const chicago = await screen.findByRole('region', { name: 'Chicago Test Center: Wednesday, March 12' });
    expect(within(chicago).getByTestId('dashboard-session')).toHaveTextContent(
      '11:00 AM–1:00 PM Morning cereal taste test (study 3001, In person)Checked in 2 of 4, 1 no-show · 4 seats',
    );
    expect(
      within(screen.getByRole('region', { name: 'Dallas Test Center: Wednesday, March 12' })).getByText('No sessions today.'),
    ).toBeVisible();
    const filling = screen.getByRole('table', { name: 'Seats booked in each open study’s coming sessions' });
    expect(within(filling).getByRole('rowheader', { name: 'Shampoo home use (study 3002)' })).toBeVisible();
    expect(within(filling).getByText('9 of 10 (90%)')).toBeVisible();
    const signUps = screen.getByRole('table', { name: 'Sign-ups' });
    expect(
      within(signUps)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Week of Mar 34', 'Week of Mar 1012']);
    const noShows = screen.getByRole('table', { name: 'No-show rate' });
    expect(within(noShows).getByText('25% (1 of 4)')).toBeVisible();
    expect(within(noShows).getByText('No sessions ended')).toBeVisible();
  });

  test('has loading and error states, and Try again', async () => {
    let fail = true;
    api.answers[PATH] = () => (fail ? { status: 500, body: { message: 'boom' } } : { body: { ...FIGURES, studiesFilling: [] } });
    const user = renderPage();
    expect(screen.getByText('Loading the figures…')).toBeVisible();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No open study has sessions to come.')).toBeVisible();
  });
});
