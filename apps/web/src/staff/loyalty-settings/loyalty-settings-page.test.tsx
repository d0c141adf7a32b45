// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import type { StaffAvatarsResponse } from '@testerhub/shared/avatar-settings-schemas';
import type { PerksSettingsResponse } from '@testerhub/shared/perks-settings-schemas';
import {
  LOYALTY_SETTINGS_TEXTS,
  type DailyCalendarResponse,
  type LevelsResponse,
  type WheelAndDrawingResponse,
} from '@testerhub/shared/loyalty-settings-schemas';
import type { StaffMe, StaffRole } from '@testerhub/shared/staff-schemas';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import type { StaffOutletContext } from '../shell/staff-shell';
import { LoyaltySettingsPage } from './loyalty-settings-page';

const api = fakeApi();

const CALENDAR: DailyCalendarResponse = {
  status: 'succeed',
  version: 3,
  days: Array.from({ length: 28 }, (_, index) => ({ day: index + 1, coins: 10, exp: 5 })),
};
const WHEEL_AND_DRAWING: WheelAndDrawingResponse = {
  status: 'succeed',
  wheel: {
    version: 2,
    spinCost: 50,
    spinsPerWeek: 3,
    segments: [
      { coins: 10, percent: 70 },
      { coins: 100, percent: 30 },
    ],
  },
  drawing: { version: 4, goldCardCost: 100, goldCardPrize: '$25 e-gift card', drawingDay: 1 },
};

const LEVELS: LevelsResponse = {
  status: 'succeed',
  version: 5,
  levels: [0, 100, 250].map((expRequired, index) => ({ level: index + 1, expRequired })),
};

/** The page's sections are closed until opened (decision 135): opens one by its heading's button. */
async function openSection(user: ReturnType<typeof renderPage>, name: string) {
  await user.click(await screen.findByRole('button', { name, expanded: false }));
}

function renderPage(roles: StaffRole[] = ['content']) {
  const me: StaffMe = { status: 'succeed', id: 's-1', name: 'Cora', email: 'cora@staff.example.test', roles, siteIds: [] };
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/staff/settings/loyalty']}>
      <WithPortalQuery>
        <Routes>
          <Route path="/staff" element={<Outlet context={{ me } satisfies StaffOutletContext} />}>
            <Route path="settings/loyalty" element={<LoyaltySettingsPage />} />
          </Route>
        </Routes>
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return user;
}

const bodyOf = (path: string) => api.calls.find((call) => call.path === path)?.body;

describe('the loyalty settings page (decision 056)', () => {
  // The perks' and the avatars' sections have tests of their own; here they read empty lists.
  beforeEach(() => {
    api.answers['/staff/content/Perks'] = { body: { status: 'succeed', highestLevel: 3, perks: [] } satisfies PerksSettingsResponse };
    api.answers['/staff/content/Avatars'] = { body: { status: 'succeed', highestLevel: 3, avatars: [] } satisfies StaffAvatarsResponse };
  });

  test('saves the calendar with a changed day, refuses a negative one at its field, and shows the outcome', async () => {
    api.answers['/staff/content/DailyCalendar'] = { body: CALENDAR };
    api.answers['/staff/content/WheelAndDrawing'] = { body: WHEEL_AND_DRAWING };
    api.answers['/staff/content/Levels'] = { body: LEVELS };
    api.answers['/staff/content/SaveDailyCalendar'] = { body: { status: 'succeed', message: LOYALTY_SETTINGS_TEXTS.calendarSaved } };
    const user = renderPage();
    await openSection(user, 'Daily calendar');
    const day2 = within(await screen.findByRole('group', { name: 'Day 2' }));
    const coins = day2.getByLabelText('Coins');
    await user.clear(coins);
    await user.type(coins, '-4');
    await user.click(screen.getByRole('button', { name: 'Save the calendar' }));
    expect(coins).toHaveAccessibleDescription(LOYALTY_SETTINGS_TEXTS.notNegative);
    expect(coins).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf('/staff/content/SaveDailyCalendar')).toBeUndefined();

    await user.clear(coins);
    await user.type(coins, '75');
    await user.click(screen.getByRole('button', { name: 'Save the calendar' }));
    expect(await screen.findByText(LOYALTY_SETTINGS_TEXTS.calendarSaved)).toBeInTheDocument();
    const sent = bodyOf('/staff/content/SaveDailyCalendar') as { version: number; days: { day: number; coins: number; exp: number }[] };
    expect(sent.version).toBe(3);
    expect(sent.days).toHaveLength(28);
    expect(sent.days[1]).toEqual({ day: 2, coins: 75, exp: 5 });
    expect(sent.days[0]).toEqual({ day: 1, coins: 10, exp: 5 });
  });

  test('the wheel: shows the odds’ total, refuses odds short of 100 %, sends cost, spins and segments; a stale save says so', async () => {
    api.answers['/staff/content/DailyCalendar'] = { body: CALENDAR };
    api.answers['/staff/content/WheelAndDrawing'] = { body: WHEEL_AND_DRAWING };
    api.answers['/staff/content/Levels'] = { body: LEVELS };
    api.answers['/staff/content/SaveWheel'] = { body: { status: 'failed', message: LOYALTY_SETTINGS_TEXTS.stale } };
    const user = renderPage();
    await openSection(user, 'Wheel');
    const wheel = within(await screen.findByRole('form', { name: 'Wheel' }));
    expect(wheel.getByText('Chances add up to 100 %.')).toBeInTheDocument();
    const second = within(wheel.getByRole('group', { name: 'Segment 2' }));
    await user.clear(second.getByLabelText('Chance (%)'));
    await user.type(second.getByLabelText('Chance (%)'), '29.5');
    expect(wheel.getByText('Chances add up to 99.5 %.')).toBeInTheDocument();
    await user.click(wheel.getByRole('button', { name: 'Save the wheel' }));
    expect(await wheel.findByText(LOYALTY_SETTINGS_TEXTS.oddsTotal('99.5'))).toBeInTheDocument();
    expect(bodyOf('/staff/content/SaveWheel')).toBeUndefined();

    await user.click(wheel.getByRole('button', { name: 'Add a segment' }));
    const third = within(wheel.getByRole('group', { name: 'Segment 3' }));
    await user.type(third.getByLabelText('Coins'), '1000');
    await user.clear(third.getByLabelText('Chance (%)'));
    await user.type(third.getByLabelText('Chance (%)'), '0.5');
    const cost = wheel.getByLabelText('Spin cost (coins)');
    await user.clear(cost);
    await user.type(cost, '60');
    await user.click(wheel.getByRole('button', { name: 'Save the wheel' }));
    expect(await screen.findByText(LOYALTY_SETTINGS_TEXTS.stale)).toBeInTheDocument();
    expect(bodyOf('/staff/content/SaveWheel')).toEqual({
      version: 2,
      spinCost: 60,
      spinsPerWeek: 3,
      segments: [
        { coins: 10, percent: 70 },
        { coins: 100, percent: 29.5 },
        { coins: 1000, percent: 0.5 },
      ],
    });
  });

  test('the drawing refuses an empty prize at its field', async () => {
    api.answers['/staff/content/DailyCalendar'] = { body: CALENDAR };
    api.answers['/staff/content/WheelAndDrawing'] = { body: WHEEL_AND_DRAWING };
    api.answers['/staff/content/Levels'] = { body: LEVELS };
    const user = renderPage();
    await openSection(user, 'Weekly drawing');
    const drawing = within(await screen.findByRole('form', { name: 'Weekly drawing' }));
    await user.clear(drawing.getByLabelText('Prize'));
    await user.click(drawing.getByRole('button', { name: 'Save the drawing' }));
    expect(drawing.getByLabelText('Prize')).toHaveAccessibleDescription(LOYALTY_SETTINGS_TEXTS.prizeRequired);
    expect(bodyOf('/staff/content/SaveDrawing')).toBeUndefined();
  });

  test('the levels: refuses a level needing less than the one before at its field, adds a level, sends them in order', async () => {
    api.answers['/staff/content/DailyCalendar'] = { body: CALENDAR };
    api.answers['/staff/content/WheelAndDrawing'] = { body: WHEEL_AND_DRAWING };
    api.answers['/staff/content/Levels'] = { body: LEVELS };
    api.answers['/staff/content/SaveLevels'] = { body: { status: 'succeed', message: LOYALTY_SETTINGS_TEXTS.levelsSaved } };
    const user = renderPage();
    await openSection(user, 'Levels');
    const levels = within(await screen.findByRole('form', { name: 'Levels' }));
    const third = levels.getByLabelText('Level 3 (experience)');
    await user.clear(third);
    await user.type(third, '90');
    await user.click(levels.getByRole('button', { name: 'Save the levels' }));
    expect(third).toHaveAccessibleDescription(LOYALTY_SETTINGS_TEXTS.levelsRising);
    expect(bodyOf('/staff/content/SaveLevels')).toBeUndefined();

    await user.clear(third);
    await user.type(third, '300');
    await user.click(levels.getByRole('button', { name: 'Add a level' }));
    await user.type(levels.getByLabelText('Level 4 (experience)'), '800');
    await user.click(levels.getByRole('button', { name: 'Save the levels' }));
    expect(await screen.findByText(LOYALTY_SETTINGS_TEXTS.levelsSaved)).toBeInTheDocument();
    expect(bodyOf('/staff/content/SaveLevels')).toEqual({
      version: 5,
      levels: [{ expRequired: 0 }, { expRequired: 100 }, { expRequired: 300 }, { expRequired: 800 }],
    });
  });

  test('shows an error with Try again when a read fails, and loads on retry', async () => {
    api.answers['/staff/content/DailyCalendar'] = { status: 500, body: { message: 'Server fault' } };
    api.answers['/staff/content/WheelAndDrawing'] = { body: WHEEL_AND_DRAWING };
    api.answers['/staff/content/Levels'] = { body: LEVELS };
    const user = renderPage();
    await openSection(user, 'Daily calendar');
    const calendar = within(screen.getByRole('region', { name: 'Daily calendar' }));
    expect(await calendar.findByText('Something went wrong', { exact: false })).toBeInTheDocument();
    api.answers['/staff/content/DailyCalendar'] = { body: CALENDAR };
    await user.click(calendar.getByRole('button', { name: 'Try again' }));
    expect(await calendar.findByRole('group', { name: 'Day 28' })).toBeInTheDocument();
  });

  test('is refused without the content role', () => {
    renderPage(['rewards']);
    expect(screen.getByRole('alert')).toHaveTextContent('Only staff with the content role can open this page.');
    expect(api.calls).toHaveLength(0);
  });

  test('its sections are closed until opened, each a heading whose button says so; an address naming one opens it (decision 135)', async () => {
    api.answers['/staff/content/DailyCalendar'] = { body: CALENDAR };
    api.answers['/staff/content/WheelAndDrawing'] = { body: WHEEL_AND_DRAWING };
    api.answers['/staff/content/Levels'] = { body: LEVELS };
    window.location.hash = '#wheel';
    try {
      const user = renderPage();
      const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
      expect(headings).toEqual(['Daily calendar', 'Wheel', 'Weekly drawing', 'Levels', 'Avatars', 'Perks']);
      expect(await screen.findByRole('form', { name: 'Wheel' })).toBeVisible();
      expect(screen.getByRole('button', { name: 'Wheel' })).toHaveAttribute('aria-expanded', 'true');
      expect(screen.queryByRole('form', { name: 'Daily calendar' })).toBeNull();
      const calendar = screen.getByRole('button', { name: 'Daily calendar' });
      expect(calendar).toHaveAttribute('aria-expanded', 'false');
      await user.click(calendar);
      expect(await screen.findByRole('form', { name: 'Daily calendar' })).toBeVisible();
      await user.click(calendar);
      expect(screen.queryByRole('form', { name: 'Daily calendar' })).toBeNull();
    } finally {
      window.location.hash = '';
    }
  });
});
