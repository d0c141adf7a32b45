// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { REDEEM_TEXTS } from '@testerhub/shared/redeem-schemas';
import { describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { RedeemItemPopup } from './redeem-item-popup';

const api = fakeApi();

const REWARDS = [
  { rItemNo: 1, rItemName: '$5 e-gift card', rItemCoins: 500, rItemImagePath: '/media/rewards/gift-card-5.svg' },
  { rItemNo: 2, rItemName: '$10 e-gift card', rItemCoins: 1000, rItemImagePath: '/media/rewards/gift-card-10.svg' },
];

/** The popup inside the portal shell's outlet, whose refreshProfile updates the nav's coins. */
function renderPopup() {
  const onClose = vi.fn();
  const refreshProfile = vi.fn();
  render(
    <MemoryRouter initialEntries={['/popup/redeem-item']}>
      <WithPortalQuery>
        <Routes>
          <Route element={<Outlet context={{ refreshProfile }} />}>
            <Route path="*" element={<RedeemItemPopup onClose={onClose} />} />
          </Route>
        </Routes>
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return { onClose, refreshProfile, user: userEvent.setup() };
}

function answerCatalogue(coins: number, rewards: unknown[] = REWARDS) {
  api.answers['/reward/GetRewardList'] = { body: rewards };
  api.answers['/reward/GetCurrentCoin'] = { body: { coins } };
}

const getReward = () => screen.getByRole('button', { name: 'Get a reward' });

describe('the redeem popup (/popup/redeem-item)', () => {
  test('shows a loading state, then the rewards as radios with the balance; one the balance cannot pay for cannot be chosen', async () => {
    answerCatalogue(700);
    renderPopup();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the rewards');
    expect(await screen.findByRole('radio', { name: /\$5 e-gift card/ })).toBeEnabled();
    expect(screen.getByRole('dialog', { name: 'Redeem a reward' })).toHaveTextContent('Your balance: 700 coins');
    const dear = screen.getByRole('radio', { name: /\$10 e-gift card/ });
    expect(dear).toBeDisabled();
    expect(dear.closest('div')).toHaveTextContent('1,000 coins (not enough coins)');
    expect(getReward()).toBeDisabled();
  });

  test("'Get a reward' is enabled by an affordable choice; succeed sends the reward number, shows the success with the 30 days and the new balance, and refreshes the nav", async () => {
    answerCatalogue(1200);
    api.answers['/reward/SpendCoin'] = { body: { status: 'succeed', coins: 200 } };
    const { user, refreshProfile } = renderPopup();
    await user.click(await screen.findByRole('radio', { name: /\$10 e-gift card/ }));
    expect(getReward()).toBeEnabled();
    api.answers['/reward/GetCurrentCoin'] = { body: { coins: 200 } };
    await user.click(getReward());
    const done = await screen.findByRole('dialog', { name: REDEEM_TEXTS.succeeded });
    expect(done).toHaveTextContent('must be reported within 30 days');
    expect(done).toHaveTextContent('Your balance: 200 coins');
    expect(api.calls.find((call) => call.path === '/reward/SpendCoin')?.body).toBe(2);
    expect(refreshProfile).toHaveBeenCalledTimes(1);
  });

  test("failed shows 'Failed to use coin' in red, spends nothing in the nav, and goes back to the rewards", async () => {
    answerCatalogue(600);
    api.answers['/reward/SpendCoin'] = { body: { status: 'failed', coins: 600 } };
    const { user, refreshProfile } = renderPopup();
    await user.click(await screen.findByRole('radio', { name: /\$5 e-gift card/ }));
    await user.click(getReward());
    const failed = await screen.findByRole('dialog', { name: REDEEM_TEXTS.failed });
    expect(failed).toHaveTextContent(REDEEM_TEXTS.failedDetail);
    expect(refreshProfile).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Back to the rewards' }));
    expect(await screen.findByRole('button', { name: 'Get a reward' })).toBeInTheDocument();
  });

  test('changeEmailAddress shows the e-mail failure message', async () => {
    answerCatalogue(600);
    api.answers['/reward/SpendCoin'] = { body: { status: 'changeEmailAddress', coins: 600 } };
    const { user } = renderPopup();
    await user.click(await screen.findByRole('radio', { name: /\$5 e-gift card/ }));
    await user.click(getReward());
    const failed = await screen.findByRole('dialog', { name: REDEEM_TEXTS.emailFailedTitle });
    expect(failed).toHaveTextContent(REDEEM_TEXTS.emailFailed);
  });

  test("a SpendCoin call that fails reads as 'Failed to use coin'", async () => {
    answerCatalogue(600);
    api.answers['/reward/SpendCoin'] = { status: 500, body: { message: 'Internal Server Error' } };
    const { user } = renderPopup();
    await user.click(await screen.findByRole('radio', { name: /\$5 e-gift card/ }));
    await user.click(getReward());
    expect(await screen.findByRole('dialog', { name: REDEEM_TEXTS.failed })).toBeInTheDocument();
  });

  test('an empty catalogue says so, without a button', async () => {
    answerCatalogue(600, []);
    renderPopup();
    expect(await screen.findByText('There are no rewards to redeem right now. Please come back later.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get a reward' })).toBeNull();
  });

  test('a failed load shows an error with Try again, which asks again', async () => {
    api.answers['/reward/GetRewardList'] = { status: 500, body: { message: 'Internal Server Error' } };
    api.answers['/reward/GetCurrentCoin'] = { body: { coins: 600 } };
    const { user } = renderPopup();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the rewards.');
    api.answers['/reward/GetRewardList'] = { body: REWARDS };
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: /\$5 e-gift card/ })).toBeInTheDocument();
  });

  test('Close calls onClose', async () => {
    answerCatalogue(600);
    const { user, onClose } = renderPopup();
    await screen.findByRole('dialog', { name: 'Redeem a reward' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
