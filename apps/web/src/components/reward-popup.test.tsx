// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { WithPortalQuery } from '../../test/portal-query';
import { expBarTarget, RewardPopup } from './reward-popup';

const api = fakeApi();

function stubLevel({ exp = 30, nextLevelExp = 100 as number | 'Max', levelUp = false } = {}) {
  api.answers['/profile/GetNextLevelEXP'] = {
    body: { status: 'succeed', exp, nextLevelExp, remainExp: nextLevelExp === 'Max' ? 0 : nextLevelExp - exp },
  };
  api.answers['/profile/CheckEXP'] = { body: { status: 'succeed', level: levelUp ? 4 : 3, levelUp } };
  api.answers['/profile/GetCurrentLevel'] = { body: 4 };
}

function renderPopup(onClose = () => {}) {
  return render(
    <MemoryRouter>
      <WithPortalQuery>
        <RewardPopup coins={20} exp={15} task="About me: Pets" onClose={onClose} />
      </WithPortalQuery>
    </MemoryRouter>,
  );
}

function reduceMotion() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} })),
  );
}

const bar = () => screen.getByRole('progressbar', { name: 'Experience' });

describe('reward popup', () => {
  test('the bar target is exp over next-level exp, full at the top level', () => {
    expect(expBarTarget({ exp: 30, nextLevelExp: 100 })).toBe(30);
    expect(expBarTarget({ exp: 199, nextLevelExp: 200 })).toBe(99);
    expect(expBarTarget({ exp: 500, nextLevelExp: 'Max' })).toBe(100);
  });

  test('shows the coins, experience and task; the bar fills one step per 10 ms up to exp/next, then the level check runs', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    stubLevel({ exp: 30, nextLevelExp: 100 });
    renderPopup();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('About me: Pets');
    expect(within(dialog).getByTestId('reward-coins')).toHaveTextContent('+20 coins');
    expect(within(dialog).getByTestId('reward-exp')).toHaveTextContent('+15 EXP');
    expect(await screen.findByText('30 / 100 EXP: 70 EXP to the next level')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '0');
    expect(bar()).toHaveAttribute('aria-valuemin', '0');
    expect(bar()).toHaveAttribute('aria-valuemax', '100');

    act(() => vi.advanceTimersByTime(10));
    expect(bar()).toHaveAttribute('aria-valuenow', '1');
    act(() => vi.advanceTimersByTime(280));
    expect(bar()).toHaveAttribute('aria-valuenow', '29');
    expect(api.paths()).not.toContain('/profile/CheckEXP');
    act(() => vi.advanceTimersByTime(10));
    expect(bar()).toHaveAttribute('aria-valuenow', '30');
    await waitFor(() => expect(api.paths()).toContain('/profile/CheckEXP'));
    act(() => vi.advanceTimersByTime(500));
    expect(bar()).toHaveAttribute('aria-valuenow', '30');
    // No level up: the task is done, nothing more asked.
    expect(await screen.findByRole('dialog', { name: 'Task complete' })).toBeInTheDocument();
    expect(api.paths()).not.toContain('/profile/GetCurrentLevel');
    expect(api.paths().filter((path) => path === '/profile/CheckEXP')).toHaveLength(1);
  });

  test('with reduced motion the bar is full at once; at the top level it says so', async () => {
    reduceMotion();
    stubLevel({ exp: 900, nextLevelExp: 'Max' });
    renderPopup();
    expect(await screen.findByText('You reach Max Level')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    expect(await screen.findByRole('dialog', { name: 'Task complete' })).toBeInTheDocument();
  });

  test('a level up: CheckEXP, then GetCurrentLevel, then the level-up view', async () => {
    reduceMotion();
    stubLevel({ levelUp: true });
    renderPopup();
    const dialog = await screen.findByRole('dialog', { name: 'Level up!' });
    expect(within(dialog).getByTestId('reward-level')).toHaveTextContent('Level 4');
    expect(api.paths().filter((path) => path.startsWith('/profile/'))).toEqual([
      '/profile/GetNextLevelEXP',
      '/profile/CheckEXP',
      '/profile/GetCurrentLevel',
    ]);
  });

  test('the level-up view lists the perks the new level unlocks (GetAvailableSkills)', async () => {
    reduceMotion();
    stubLevel({ levelUp: true });
    api.answers['/skill/GetAvailableSkills'] = { body: [{ name: 'Lucky Spinner', level: 2, imgSrc: '/media/perks/lucky-spinner.svg' }] };
    renderPopup();
    const dialog = await screen.findByRole('dialog', { name: 'Level up!' });
    expect(await within(dialog).findByTestId('unlocked-skills')).toHaveTextContent('Lucky Spinner Lv 2');
  });

  test("the level check fails (a failure status, a server fault, no level): 'Level Information Retrieval Failed'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reduceMotion();
    for (const fault of [
      () => (api.answers['/profile/CheckEXP'] = { body: { status: 'failed' } }),
      () => (api.answers['/profile/CheckEXP'] = { status: 500, body: {} }),
      () => (api.answers['/profile/GetCurrentLevel'] = { status: 500, body: {} }),
    ]) {
      stubLevel({ levelUp: true });
      fault();
      const { unmount } = renderPopup();
      const dialog = await screen.findByRole('dialog', { name: 'Level Information Retrieval Failed' });
      expect(dialog.className).toMatch(/error/);
      expect(dialog).toHaveTextContent('About me: Pets');
      unmount();
    }
  });

  test("the profile read fails: 'Failed to Retrieve User Profile', no level check", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubLevel();
    api.answers['/profile/GetNextLevelEXP'] = { status: 500, body: {} };
    const onClose = vi.fn();
    renderPopup(onClose);
    const dialog = await screen.findByRole('dialog', { name: 'Failed to Retrieve User Profile' });
    expect(api.paths()).not.toContain('/profile/CheckEXP');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  test('the reward asks the shell to refresh its coins and level, once', async () => {
    reduceMotion();
    stubLevel();
    const onRewarded = vi.fn();
    const { rerender } = render(
      <MemoryRouter>
        <WithPortalQuery>
          <RewardPopup coins={20} exp={15} task="Quick survey: Snacks" onRewarded={onRewarded} onClose={() => {}} />
        </WithPortalQuery>
      </MemoryRouter>,
    );
    await screen.findByRole('progressbar');
    rerender(
      <MemoryRouter>
        <WithPortalQuery>
          <RewardPopup coins={20} exp={15} task="Quick survey: Snacks" onRewarded={onRewarded} onClose={() => {}} />
        </WithPortalQuery>
      </MemoryRouter>,
    );
    expect(onRewarded).toHaveBeenCalledTimes(1);
  });
});
