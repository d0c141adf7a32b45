// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { LEADERBOARD_TEXTS } from '@testerhub/shared/leaderboard-schemas';
import { describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { setLanguage } from '../../hooks/use-entry-language';
import { LeaderboardPopup } from './leaderboard-popup';

const { answers } = fakeApi();

const ranker = (type: string, username: string, amount: number) => ({ type, username, imageSrc: `/media/avatars/${username}.svg`, amount });
const LIST = {
  myInfo: { imageSrc: '/media/avatars/avatar-02.svg', username: 'demotester1', spendCoins: 1200, referralCount: 3, attendScreen: 5 },
  coinRankers: [ranker('Deep Pockets', 'bigspender', 5000), ranker('Deep Pockets', 'demotester1', 1200)],
  referralRankers: [ranker('Referral Pro', 'connector', 9), ranker('Referral Pro', 'loner', 1)],
  attendRankers: [],
};

function renderPopup(onClose = vi.fn()) {
  render(
    <MemoryRouter>
      <WithPortalQuery>
        <LeaderboardPopup onClose={onClose} />
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const rows = () =>
  within(screen.getByRole('tabpanel'))
    .queryAllByRole('listitem')
    .map((row) => row.textContent);

describe('the leaderBoard popup (spec 3, "Leaderboard"; decision 039)', () => {
  test("shows the tester's figures and the Deep Pockets list first, ranked, with pictures", async () => {
    answers['/leaderboard/GetRankerList'] = { body: LIST };
    renderPopup();
    const dialog = await screen.findByRole('dialog', { name: LEADERBOARD_TEXTS.title });
    const mine = await within(dialog).findByTestId('leaderboard-mine');
    expect(mine).toHaveTextContent(`${LEADERBOARD_TEXTS.spent}1,200`);
    expect(mine).toHaveTextContent(`${LEADERBOARD_TEXTS.referred}3`);
    expect(mine).toHaveTextContent(`${LEADERBOARD_TEXTS.screeners}5`);
    expect(within(dialog).getByRole('heading', { name: `${LEADERBOARD_TEXTS.mine}: demotester1` })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Deep Pockets', 'Referral Pro', 'Screener Wizard']);
    expect(screen.getByRole('tab', { name: 'Deep Pockets' })).toHaveAttribute('aria-selected', 'true');
    expect(rows()).toEqual(['1bigspender5,000 coins', '2demotester11,200 coins']);
    const images = within(screen.getByRole('tabpanel')).getAllByRole('presentation');
    expect(images[0]).toHaveAttribute('src', '/media/avatars/bigspender.svg');
  });

  test('the tabs switch by click and by the arrow keys, Home and End; an empty list says so', async () => {
    answers['/leaderboard/GetRankerList'] = { body: LIST };
    const user = renderPopup();
    await user.click(await screen.findByRole('tab', { name: 'Referral Pro' }));
    expect(rows()).toEqual(['1connector9 friends', '2loner1 friend']);
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Referral Pro');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Screener Wizard' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Screener Wizard' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent(LEADERBOARD_TEXTS.empty);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Deep Pockets' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Screener Wizard' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Deep Pockets' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Screener Wizard' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toHaveLength(1);
  });

  test('says it is loading, then the failure text when the call fails', async () => {
    answers['/leaderboard/GetRankerList'] = { status: 500, body: { message: 'down' } };
    renderPopup();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the leaderboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(LEADERBOARD_TEXTS.failed);
  });

  test('closes with its close button', async () => {
    answers['/leaderboard/GetRankerList'] = { body: LIST };
    const onClose = vi.fn();
    const user = renderPopup(onClose);
    await screen.findByTestId('leaderboard-mine');
    await user.click(screen.getByRole('button', { name: /close/i }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('in Spanish (issue 28, Spanish end to end)', () => {
  test("the tester's figures and the lists read in Spanish; the boards keep their names", async () => {
    setLanguage('es');
    answers['/leaderboard/GetRankerList'] = { body: LIST };
    // The Spanish texts load on first use: the popup suspends until they have.
    await act(async () => {
      renderPopup();
    });
    expect(await screen.findByRole('dialog', { name: 'Clasificación' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Usted este mes: demotester1' })).toBeInTheDocument();
    expect(screen.getByTestId('leaderboard-mine')).toHaveTextContent('Monedas gastadas1,200');
    expect(screen.getByRole('tab', { name: 'Deep Pockets' })).toHaveAttribute('aria-selected', 'true');
    expect(rows()).toEqual(['1bigspender5,000 monedas', '2demotester11,200 monedas']);
  });
});
