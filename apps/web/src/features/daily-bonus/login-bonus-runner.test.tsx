// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { DAILY_BONUS_TEXTS } from '@testerhub/shared/daily-bonus-schemas';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { setLanguage } from '../../hooks/use-entry-language';
import { LATER_COOKIE, LoginBonusRunner } from './login-bonus-runner';

const { answers, paths } = fakeApi();

const REWARDS = Array.from({ length: 28 }, (_, index) => ({ day: index + 1, coins: index === 27 ? 200 : 10, exp: 5 }));

function answerBonus({ unclaimed = true, day = 3 } = {}) {
  Object.assign(answers, {
    '/reward/CheckLastTimeLogin': { body: unclaimed },
    '/reward/GetDailyRewardList': { body: { status: 'succeed', day, receivedToday: false, rewards: REWARDS } },
    '/reward/GetDailyReward': { body: { status: 'succeed', day, reward: 10, exp: 5 } },
    '/profile/GetNextLevelEXP': { body: { status: 'succeed', exp: 50, nextLevelExp: 100, remainExp: 50 } },
    '/profile/CheckEXP': { body: { status: 'succeed', level: 1, levelUp: false } },
  });
}

function renderRunner(props: Partial<Parameters<typeof LoginBonusRunner>[0]> = {}) {
  const refreshProfile = vi.fn();
  render(
    <MemoryRouter>
      <WithPortalQuery>
        <LoginBonusRunner refreshProfile={refreshProfile} {...props} />
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), refreshProfile };
}

describe('the login bonus at entry (spec 2 "Login bonus at entry", spec 3 "Daily login bonus")', () => {
  test('the calendar opens when today is unclaimed: earlier days received, today current, day 28 special', async () => {
    answerBonus({ day: 3 });
    renderRunner();
    const dialog = await screen.findByRole('dialog', { name: DAILY_BONUS_TEXTS.title });
    const days = await within(dialog).findAllByRole('listitem');
    expect(days).toHaveLength(28);
    expect(days[0]).toHaveTextContent(/received/);
    expect(days[1]).toHaveTextContent(/received/);
    expect(days[2]).toHaveAttribute('aria-current', 'date');
    expect(days[2]).toHaveTextContent(/today/);
    expect(days[3]).not.toHaveTextContent(/received|today/);
    expect(days[6]).toHaveTextContent(/gold coins/);
    expect(days[20]).toHaveTextContent(/gold coin$/);
    expect(days[15]).toHaveTextContent(/silver coin$/);
    expect(days[27]).toHaveTextContent(/200 coins, special reward/);
  });

  test('nothing opens when today was claimed', async () => {
    answerBonus({ unclaimed: false });
    renderRunner();
    await waitFor(() => expect(paths()).toContain('/reward/CheckLastTimeLogin'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(paths()).not.toContain('/reward/GetDailyRewardList');
  });

  test("'Later' closes the calendar for the rest of the day: the visit is still counted, the dialog stays shut", async () => {
    answerBonus();
    const { user } = renderRunner();
    await user.click(await screen.findByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.cookie).toContain(`${LATER_COOKIE}=1`);
    cleanup();
    renderRunner();
    await waitFor(() => expect(paths().filter((path) => path === '/reward/CheckLastTimeLogin')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    document.cookie = `${LATER_COOKIE}=; expires=${new Date(0).toUTCString()}; path=/`;
  });

  test('waits while another entry flow runs', async () => {
    answerBonus();
    renderRunner({ waitWhile: () => true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(paths()).not.toContain('/reward/CheckLastTimeLogin');
  });

  test("today's reward, then closing it claims: the result with 'Thanks for visiting today', and the shell is refreshed", async () => {
    answerBonus({ day: 3 });
    const { user, refreshProfile } = renderRunner({ after: (done) => <button onClick={done}>SMS prompt</button> });
    await user.click(await screen.findByRole('button', { name: "Get today's reward" }));
    const coin = await screen.findByRole('dialog', { name: 'Day 3 reward' });
    expect(coin).toHaveTextContent('10 coins and 5 EXP');
    expect(paths()).not.toContain('/reward/GetDailyReward');
    await user.click(within(coin).getByRole('button', { name: 'Collect' }));
    expect(await screen.findByText(DAILY_BONUS_TEXTS.thanks)).toBeInTheDocument();
    expect(screen.getByTestId('reward-coins')).toHaveTextContent('+10 coins');
    expect(refreshProfile).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: 'SMS prompt' })).toBeInTheDocument();
  });

  test("a failed claim shows 'Daily Reward Retrieval Failed'; an already-claimed day says so", async () => {
    answerBonus();
    answers['/reward/GetDailyReward'] = { status: 500, body: { message: 'boom' } };
    const { user } = renderRunner();
    await user.click(await screen.findByRole('button', { name: "Get today's reward" }));
    await user.click(await screen.findByRole('button', { name: 'Collect' }));
    const failed = await screen.findByRole('dialog', { name: DAILY_BONUS_TEXTS.failed });
    expect(failed).toHaveTextContent(/Tester Services/);
  });

  test('an already-claimed day answers with its own explanation', async () => {
    answerBonus();
    answers['/reward/GetDailyReward'] = { body: { status: 'alreadyReceived', reward: 0, exp: 0 } };
    const { user } = renderRunner();
    await user.click(await screen.findByRole('button', { name: "Get today's reward" }));
    await user.click(await screen.findByRole('button', { name: 'Collect' }));
    const failed = await screen.findByRole('dialog', { name: DAILY_BONUS_TEXTS.failed });
    expect(failed).toHaveTextContent(DAILY_BONUS_TEXTS.alreadyReceived);
  });

  test("'What are coins?' explains and links to the account pages, then goes back to the calendar", async () => {
    answerBonus();
    const { user } = renderRunner();
    await user.click(await screen.findByRole('button', { name: DAILY_BONUS_TEXTS.whatAreCoins }));
    const explainer = screen.getByRole('dialog', { name: DAILY_BONUS_TEXTS.whatAreCoins });
    expect(within(explainer).getByRole('link', { name: /redeem a reward/ })).toHaveAttribute('href', '/community/main/account/coins');
    expect(within(explainer).getByRole('link', { name: /My account/ })).toHaveAttribute('href', '/community/main/account/general');
    await user.click(within(explainer).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: DAILY_BONUS_TEXTS.title })).toBeInTheDocument();
  });
});

describe('the login bonus in Spanish (issue 28)', () => {
  afterEach(() => setLanguage('en'));

  test("the calendar, what coins are, today's reward and the result read Spanish", async () => {
    setLanguage('es');
    answerBonus({ day: 3 });
    let user!: ReturnType<typeof userEvent.setup>;
    // The Spanish texts load as a chunk of their own: the first render suspends until they come.
    await act(async () => void ({ user } = renderRunner()));
    const calendar = await screen.findByRole('dialog', { name: 'Bono diario por iniciar sesión' });
    const days = await within(calendar).findAllByRole('listitem');
    expect(days[0]).toHaveTextContent(/^Día 110 monedas, monedas de plata, recibida/);
    expect(days[2]).toHaveTextContent(/, hoy$/);
    expect(days[27]).toHaveTextContent(/200 monedas, recompensa especial$/);
    expect(within(calendar).getByRole('button', { name: 'Más tarde' })).toBeInTheDocument();

    await user.click(within(calendar).getByRole('button', { name: '¿Qué son las monedas?' }));
    const explainer = screen.getByRole('dialog', { name: '¿Qué son las monedas?' });
    expect(within(explainer).getByRole('link', { name: 'Ver sus monedas y canjear una recompensa' })).toBeInTheDocument();
    await user.click(within(explainer).getByRole('button', { name: 'Volver' }));

    await user.click(await screen.findByRole('button', { name: 'Recibir la recompensa de hoy' }));
    const coin = await screen.findByRole('dialog', { name: 'Recompensa del día 3' });
    expect(coin).toHaveTextContent('10 monedas y 5 EXP');
    await user.click(within(coin).getByRole('button', { name: 'Recoger' }));
    expect(await screen.findByText('Gracias por visitarnos hoy')).toBeInTheDocument();
  });
});
