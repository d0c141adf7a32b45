// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { REFERRAL_TEXTS } from '@testerhub/shared/referral-schemas';
import { describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { CLAIM_FAILED, ReferralHistoryPage } from './referral-history-page';

const { answers, calls } = fakeApi();

const item = (referralId: string, firstName: string, status: string, redeemedReward = false) => ({
  referralId,
  firstName,
  lastName: 'Friend',
  status,
  redeemedReward,
});
const LIST = [
  item('00000000-0000-4000-8000-000000000001', 'Cora', 'Complete'),
  item('00000000-0000-4000-8000-000000000002', 'Paul', 'Paid'),
  item('00000000-0000-4000-8000-000000000003', 'Rae', 'Registered'),
  item('00000000-0000-4000-8000-000000000004', 'Nell', 'New'),
  item('00000000-0000-4000-8000-000000000005', 'Reed', 'Paid', true),
];

function renderPage() {
  const refreshProfile = vi.fn();
  render(
    <MemoryRouter initialEntries={['/community/main/referral/history']}>
      <WithPortalQuery>
        <Routes>
          <Route path="/community/main" element={<Outlet context={{ refreshProfile }} />}>
            <Route path="referral/history" element={<ReferralHistoryPage />} />
          </Route>
        </Routes>
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), refreshProfile };
}

const rowOf = async (firstName: string) =>
  (await screen.findAllByTestId('referral-row')).find((row) => within(row).queryByText(firstName))!;

describe('the referral history (spec 3, "Referral pages" and section 4)', () => {
  test('lists first name, last name and status; Claim only for Complete or Paid not yet redeemed', async () => {
    answers['/reward/GetReferralList'] = { body: { status: 'succeed', referralList: LIST } };
    renderPage();
    expect(await rowOf('Cora')).toHaveTextContent('CoraFriendComplete');
    const claimOf = async (name: string) => within(await rowOf(name)).getByRole('button', { name: `Claim the reward for ${name} Friend` });
    expect(await claimOf('Cora')).toBeEnabled();
    expect(await claimOf('Paul')).toBeEnabled();
    expect(await claimOf('Rae')).toBeDisabled();
    expect(await claimOf('Nell')).toBeDisabled();
    expect(within(await rowOf('Reed')).queryByRole('button')).not.toBeInTheDocument();
    expect(await rowOf('Reed')).toHaveTextContent('Claimed');
  });

  test('a claim shows the coins and EXP in the reward popup, refreshes the shell and asks for the list again', async () => {
    answers['/reward/GetReferralList'] = { body: { status: 'succeed', referralList: LIST } };
    answers['/reward/GetReferralReward'] = { body: { status: 'succeed', coins: 200, exp: 250 } };
    answers['/profile/GetNextLevelEXP'] = { body: { status: 'succeed', exp: 300, nextLevelExp: 500, remainExp: 200 } };
    answers['/profile/CheckEXP'] = { body: { status: 'succeed', level: 2, levelUp: false } };
    const { user, refreshProfile } = renderPage();
    await user.click(within(await rowOf('Cora')).getByRole('button', { name: /Claim/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('reward-coins')).toHaveTextContent('+200 coins');
    expect(within(dialog).getByTestId('reward-exp')).toHaveTextContent('+250 EXP');
    expect(dialog).toHaveTextContent('Referral: Cora Friend');
    expect(refreshProfile).toHaveBeenCalledTimes(1);
    expect(calls.find((call) => call.path === '/reward/GetReferralReward')?.body).toEqual(LIST[0]);
    expect(calls.filter((call) => call.path === '/reward/GetReferralList')).toHaveLength(2);
  });

  test('a refused claim shows the failure popup', async () => {
    answers['/reward/GetReferralList'] = { body: { status: 'succeed', referralList: LIST } };
    answers['/reward/GetReferralReward'] = { body: { status: 'notClaimable', coins: 0, exp: 0 } };
    const { user } = renderPage();
    await user.click(within(await rowOf('Paul')).getByRole('button', { name: /Claim/ }));
    expect(await screen.findByRole('dialog', { name: CLAIM_FAILED.data })).toBeInTheDocument();
  });

  test('says so when there are no referrals yet', async () => {
    answers['/reward/GetReferralList'] = { body: { status: 'succeed', referralList: [] } };
    renderPage();
    const empty = await screen.findByText(/You have not referred anyone yet/);
    expect(within(empty).getByRole('link', { name: 'Refer a friend' })).toHaveAttribute('href', '/community/main/referral/offer');
  });

  test("shows 'Failed to Fetch Referral List' with Try again when the list fails, and the list after a retry", async () => {
    answers['/reward/GetReferralList'] = { status: 500, body: { message: 'boom' } };
    const { user } = renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your referrals');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(REFERRAL_TEXTS.fetchFailed);
    answers['/reward/GetReferralList'] = { body: { status: 'succeed', referralList: LIST } };
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await rowOf('Cora')).toBeInTheDocument();
  });
});
