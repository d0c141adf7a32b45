// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { setLanguage } from '../../hooks/use-entry-language';
import { CoinsPage } from './coins-page';
import { EarningsPage } from './earnings-page';

const api = fakeApi();

function renderIn(page: React.ReactNode) {
  render(
    <MemoryRouter>
      <WithPortalQuery>{page}</WithPortalQuery>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const history = (page: number, hasMore: boolean, entries: unknown[], compensation: unknown[] = []) => ({
  body: { page, hasMore, entries, compensation },
});

describe('the coins page', () => {
  test("shows the balance, 'redeem a reward' to /popup/redeem-item and the earnings history link", async () => {
    api.answers['/reward/GetCurrentCoin'] = { body: { coins: 1250 } };
    renderIn(<CoinsPage />);
    expect(await screen.findByText('1,250 coins')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'redeem a reward' })).toHaveAttribute('href', '/popup/redeem-item');
    expect(screen.getByRole('link', { name: 'Earnings history' })).toHaveAttribute('href', '/community/main/account/earnings');
  });

  test('a failed balance read shows Try again', async () => {
    api.answers['/reward/GetCurrentCoin'] = { status: 500, body: { message: 'Internal Server Error' } };
    renderIn(<CoinsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your balance.');
  });
});

describe('the earnings history page', () => {
  // The orders section's own read; its tests below answer it themselves.
  beforeEach(() => {
    api.answers['/reward/GetRewardOrders'] = { body: { orders: [] } };
  });

  test('lists each change with its reason, date and signed amounts, pages older, and shows the study compensation', async () => {
    api.answers['/reward/GetEarningsHistory?page=1'] = history(
      1,
      true,
      [
        { coins: -500, exp: 0, description: 'Reward redeemed: $5 e-gift card', loggedAt: '2026-11-20T15:00:00.000Z' },
        { coins: 25, exp: 10, description: 'Screener completed', loggedAt: '2026-11-19T15:00:00.000Z' },
      ],
      [{ studyName: 'Snack taste test', attendedAt: '2026-10-02T18:00:00.000Z', amount: 75.5 }],
    );
    api.answers['/reward/GetEarningsHistory?page=2'] = history(2, false, [
      { coins: 100, exp: 0, description: 'Welcome gift', loggedAt: '2026-01-02T15:00:00.000Z' },
    ]);
    const user = renderIn(<EarningsPage />);
    const [changes, paid] = await screen.findAllByRole('table');
    const rows = within(changes!).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Nov 20, 2026Reward redeemed: $5 e-gift card−500–');
    expect(rows[2]).toHaveTextContent('Nov 19, 2026Screener completed+25+10');
    expect(within(paid!).getAllByRole('row')[1]).toHaveTextContent('Oct 2, 2026Snack taste test$75.50');
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Welcome gift')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
  });

  test('says so when there is nothing yet', async () => {
    api.answers['/reward/GetEarningsHistory?page=1'] = history(1, false, []);
    renderIn(<EarningsPage />);
    expect(await screen.findByText('No coins or experience yet.')).toBeInTheDocument();
    expect(screen.getByText('No attended studies yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'History pages' })).toBeNull();
  });

  test('a failed read shows Try again', async () => {
    api.answers['/reward/GetEarningsHistory?page=1'] = { status: 500, body: { message: 'Internal Server Error' } };
    renderIn(<EarningsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your earnings history.');
  });
});

describe('the reward orders on the earnings page (issue 29: status and code were only in the e-mails)', () => {
  const order = (fields: object) => ({
    orderId: 7,
    rewardName: '$5 e-gift card',
    coins: 500,
    status: 'pending',
    orderedAt: '2026-11-20T15:00:00.000Z',
    decidedAt: null,
    note: null,
    ...fields,
  });

  test('lists each order newest first with its status, the code once sent and the reason once refused', async () => {
    api.answers['/reward/GetEarningsHistory?page=1'] = history(1, false, []);
    api.answers['/reward/GetRewardOrders'] = {
      body: {
        orders: [
          order({ orderId: 9, rewardName: 'Cinema ticket', coins: 800 }),
          order({
            orderId: 8,
            rewardName: 'Headphones',
            coins: 1200,
            status: 'rejected',
            decidedAt: '2026-11-22T15:00:00.000Z',
            note: 'Out of stock',
          }),
          order({ status: 'fulfilled', decidedAt: '2026-11-21T15:00:00.000Z', note: 'GIFT-ABCD-1234' }),
        ],
      },
    };
    renderIn(<EarningsPage />);
    const section = await screen.findByRole('region', { name: 'Reward orders' });
    const [pending, refused, sent] = await within(section).findAllByRole('listitem');
    expect(pending).toHaveTextContent('Cinema ticket, 800 coins Pending');
    expect(pending).toHaveTextContent('Order #9, Nov 20, 2026');
    expect(pending).toHaveTextContent('Being prepared. We will e-mail you when it is sent.');
    expect(refused).toHaveTextContent('Not sent (Nov 22, 2026): Out of stock. Your 1,200 coins were returned.');
    expect(sent).toHaveTextContent('Sent on Nov 21, 2026. Your code or note from our rewards team:');
    expect(within(sent!).getByText('GIFT-ABCD-1234').tagName).toBe('CODE');
  });

  test('says so when there is none, with the way to a reward', async () => {
    api.answers['/reward/GetEarningsHistory?page=1'] = history(1, false, []);
    api.answers['/reward/GetRewardOrders'] = { body: { orders: [] } };
    renderIn(<EarningsPage />);
    const section = await screen.findByRole('region', { name: 'Reward orders' });
    expect(await within(section).findByText(/No reward orders yet/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Choose a reward' })).toHaveAttribute('href', '/community/main/account/coins');
  });
});

describe('in Spanish (issue 28, Spanish end to end)', () => {
  test('the coins page and the earnings history read in Spanish, dates and figures too', async () => {
    setLanguage('es');
    api.answers['/reward/GetCurrentCoin'] = { body: { coins: 1250 } };
    api.answers['/reward/GetRewardOrders'] = {
      body: {
        orders: [
          {
            orderId: 7,
            rewardName: '$5 e-gift card',
            coins: 500,
            status: 'pending',
            orderedAt: '2026-11-20T15:00:00.000Z',
            decidedAt: null,
            note: null,
          },
        ],
      },
    };
    api.answers['/reward/GetEarningsHistory?page=1'] = history(1, false, [
      { coins: 25, exp: 10, description: 'Screener completed', loggedAt: '2026-11-19T15:00:00.000Z' },
    ]);
    // The Spanish texts load on first use: the page suspends until they have.
    await act(async () => {
      renderIn(<CoinsPage />);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis monedas' })).toBeInTheDocument();
    expect(await screen.findByText('1,250 monedas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'canjear una recompensa' })).toHaveAttribute('href', '/popup/redeem-item');
    expect(
      screen.getByText('Las monedas no tienen valor en efectivo. Canjéelas por tarjetas de regalo y otras recompensas.'),
    ).toBeInTheDocument();

    await act(async () => {
      renderIn(<EarningsPage />);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Historial de ganancias' })).toBeInTheDocument();
    expect(await screen.findByText('Pedido n.º 7, 20 nov 2026')).toBeInTheDocument();
    expect(screen.getByText('En preparación. Le enviaremos un correo electrónico cuando se envíe.')).toBeInTheDocument();
    const changes = await screen.findByRole('region', { name: 'Cambios de monedas y experiencia' });
    expect(within(changes).getByRole('columnheader', { name: 'Motivo' })).toBeInTheDocument();
    expect(within(changes).getByText('19 nov 2026')).toBeInTheDocument();
  });
});
