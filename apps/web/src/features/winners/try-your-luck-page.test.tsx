// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENT_TEXTS, WHEEL_SPIN_MS } from '@testerhub/shared/winners-schemas';
import { describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { landingRotation } from './spin-wheel';
import { TryYourLuckPage } from './try-your-luck-page';
import { answerTryYourLuck, InPortal } from './winners-test-helpers';

const { answers, paths } = fakeApi();

const answerPage = (options?: Parameters<typeof answerTryYourLuck>[1]) => answerTryYourLuck(answers, options);

function renderPage(blackList = false) {
  render(
    <InPortal>
      <TryYourLuckPage blackList={blackList} />
    </InPortal>,
  );
}

const spinButton = () => screen.getByRole('button', { name: /^Spin for 50 coins|Spinning/ });

describe('try your luck: the wheel (spec 3, "Wheel")', () => {
  test("SPIN THE WHEEL with the server's nine segments, the spins left as count/totalCount and the coins", async () => {
    answerPage();
    renderPage();
    const panel = await screen.findByTestId('wheel-panel');
    expect(within(panel).getByRole('heading', { name: EVENT_TEXTS.wheelTitle })).toBeInTheDocument();
    expect(await within(panel).findByTestId('wheel-spins')).toHaveTextContent('3/3');
    expect(within(panel).getByTestId('wheel-coins')).toHaveTextContent('500');
    expect(within(panel).getByRole('figure')).toHaveAccessibleName(
      `${EVENT_TEXTS.wheelTitle}: 100, 10, 5000, 20, 250, 30, 1000, 50, 75 coins`,
    );
    expect(spinButton()).toBeEnabled();
  });

  test('a spin: the button is disabled while the wheel turns through its three stages (2600, 750, 8000 ms), then the result', async () => {
    answerPage();
    renderPage();
    await screen.findByTestId('wheel-spins');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(spinButton());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Spinning…' })).toBeDisabled());
    // The coins drop by the cost while spinning; the win is not told before the wheel stops.
    expect(screen.getByTestId('wheel-coins')).toHaveTextContent('450');
    await act(() => vi.advanceTimersByTimeAsync(WHEEL_SPIN_MS.start + WHEEL_SPIN_MS.continue + WHEEL_SPIN_MS.stop - 100));
    expect(screen.queryByTestId('wheel-result')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(await screen.findByTestId('wheel-result')).toHaveTextContent("Congratulations! You've received 250 coins.");
    vi.useRealTimers();
    expect(screen.getByTestId('wheel-coins')).toHaveTextContent('700');
    expect(screen.getByTestId('wheel-spins')).toHaveTextContent('2/3');
    // The wheel stopped with the 250 wedge (index 4) under the pointer.
    const rotation = Number(screen.getByTestId('wheel-disc').getAttribute('data-rotation'));
    expect((rotation + 4 * 40 + 20) % 360).toBe(0);
  });

  test('disabled without spins left, and short of coins', async () => {
    answerPage({ count: 0 });
    renderPage();
    await screen.findByTestId('wheel-spins');
    expect(spinButton()).toBeDisabled();
    expect(screen.getByText(EVENT_TEXTS.noSpins)).toBeInTheDocument();
  });

  test('disabled short of coins', async () => {
    answerPage({ currentCoins: 40 });
    renderPage();
    await screen.findByTestId('wheel-spins');
    expect(spinButton()).toBeDisabled();
    expect(screen.getByText('You need 50 coins to spin.')).toBeInTheDocument();
  });

  test('the odds table: Coins and Odds as 1 in ceil(1 / (rate / 100000)); a click anywhere closes it', async () => {
    answerPage();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Odds' }));
    const odds = screen.getByRole('dialog', { name: 'Odds' });
    const rows = within(odds).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('CoinsOdds');
    expect(rows[1]).toHaveTextContent('101 in 4');
    expect(rows[9]).toHaveTextContent('5,0001 in 20');
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.click(within(odds).getAllByRole('cell')[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Odds' })).not.toBeInTheDocument());
  });

  test('a refused spin says why', async () => {
    answerPage();
    answers['/event/ApplyEvent'] = { body: { status: 'notEnoughCoins', reward: 0, count: 3 } };
    renderPage();
    const user = userEvent.setup();
    await screen.findByTestId('wheel-spins');
    await user.click(spinButton());
    expect(await screen.findByRole('dialog', { name: EVENT_TEXTS.spinFailed })).toHaveTextContent(EVENT_TEXTS.notEnoughCoins);
  });

  test('hidden for a blackListed tester: no wheel, no wheel call', async () => {
    answerPage();
    renderPage(true);
    expect(await screen.findByRole('heading', { name: EVENT_TEXTS.drawingTitle })).toBeInTheDocument();
    expect(screen.queryByTestId('wheel-panel')).not.toBeInTheDocument();
    expect(paths()).not.toContain('/event/GetEventCount');
  });

  test("'Failed to Fetch Reward Information' when the wheel cannot be loaded", async () => {
    answerPage();
    answers['/event/GetEventCount'] = { status: 500, body: { message: 'down' } };
    renderPage();
    expect(await screen.findByText(EVENT_TEXTS.fetchFailed)).toBeInTheDocument();
  });

  test('landingRotation brings each wedge under the pointer, always forward', () => {
    for (const index of [0, 4, 8]) {
      const rotation = landingRotation(725, index, 4);
      expect(rotation).toBeGreaterThan(725 + 4 * 360 - 360);
      expect((rotation + index * 40 + 20) % 360).toBe(0);
    }
  });
});

describe('try your luck: the weekly gift-card drawing', () => {
  test('enter for 100 coins; then the button says to come back next Monday', async () => {
    answerPage();
    renderPage();
    const user = userEvent.setup();
    const enter = await screen.findByRole('button', { name: 'Enter for 100 coins' });
    await waitFor(() => expect(enter).toBeEnabled());
    answers['/event/CheckGoldRewardAvailable'] = {
      body: { status: 'applied', goldCardCoin: 100, prize: '$25 e-gift card', drawingDay: 1 },
    };
    await user.click(enter);
    expect(await screen.findByRole('button', { name: EVENT_TEXTS.comeBackMonday })).toBeDisabled();
    expect(paths()).toContain('/event/ApplyGoldCardEvent');
  });

  test('with the drawing on Thursday (decision 065) the page names Thursday, not Monday', async () => {
    answerPage({ entered: true, drawingDay: 4 });
    renderPage();
    expect(await screen.findByRole('button', { name: 'You are in! Come back next Thursday' })).toBeDisabled();
    expect(screen.getByText(/The winner is drawn on Thursday\./)).toBeInTheDocument();
    expect(screen.queryByText(/Monday\./)).not.toBeInTheDocument();
  });

  test('short of coins the entry is disabled and says so', async () => {
    answerPage({ checkGiftCard: false });
    renderPage();
    expect(await screen.findByText('You need 100 coins to enter.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter for 100 coins' })).toBeDisabled();
  });

  test('the winners: gift-card winners and my spins, with dates on the company calendar', async () => {
    answerPage();
    renderPage();
    expect(await screen.findByTestId('gift-card-winners')).toHaveTextContent('luckyone$25 e-gift card, Monday, November 16th, 2026');
    expect(screen.getByTestId('my-spins')).toHaveTextContent('Friday, November 20th, 202620');
    expect(screen.getByText('No big wins yet. Yours could be the first!')).toBeInTheDocument();
  });
});
