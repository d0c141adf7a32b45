// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ORDER_TEXTS, type StaffOrder } from '@testerhub/shared/redeem-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { fakeApi } from '../../../test/fake-api';
import { OrdersPage } from './orders-page';
import { renderStaffPages } from '../../../test/staff-pages';

const api = fakeApi();

const PENDING: StaffOrder = {
  orderId: 41,
  testerId: 't-1',
  username: 'annatester',
  rewardName: '$5 gift card',
  coins: 500,
  createdAt: '2026-11-20T15:00:00.000Z',
  status: 'pending',
  decidedAt: null,
  note: null,
  reportWindowEndsAt: null,
};
const FULFILLED: StaffOrder = {
  ...PENDING,
  orderId: 40,
  username: 'bentester',
  rewardName: 'Movie tickets',
  coins: 800,
  status: 'fulfilled',
  decidedAt: '2026-11-21T10:00:00.000Z',
  note: 'CODE-XYZ',
  reportWindowEndsAt: '2026-12-21T10:00:00.000Z',
};
const answer = (orders: StaffOrder[], page = 1, total = orders.length) => ({
  body: { status: 'succeed', page, pageSize: 25, total, hasMore: page * 25 < total, orders },
});
/** An order's row in the table, found by its number. */
const orderRow = async (orderId: number) => within((await screen.findByRole('rowheader', { name: `#${orderId}` })).closest('tr')!);
const PENDING_PATH = '/staff/rewards/Orders?status=pending&page=1';

function renderPage(roles: StaffRole[] = ['rewards'], entry = '/staff/rewards/orders') {
  return renderStaffPages(entry, { 'rewards/orders': <OrdersPage /> }, roles);
}

describe('the orders page (decision 047)', () => {
  afterEach(() => vi.unstubAllEnvs());

  test('shows each pending order’s tester, reward, coins, date, status and report window; all orders on request', async () => {
    api.answers[PENDING_PATH] = answer([PENDING]);
    api.answers['/staff/rewards/Orders?page=1'] = answer([PENDING, FULFILLED]);
    const user = renderPage();
    const card = await orderRow(41);
    expect(card.getByText('$5 gift card')).toBeInTheDocument();
    expect(card.getByText('annatester')).toBeInTheDocument();
    expect(card.getByText('500')).toBeInTheDocument();
    expect(card.getByText('Nov 20, 2026', { exact: false })).toBeInTheDocument();
    expect(card.getByTestId('order-status')).toHaveTextContent('Pending');
    expect(card.getByText('Starts when the reward is sent')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Show'), 'all');
    const fulfilled = await orderRow(40);
    expect(fulfilled.getByTestId('order-status')).toHaveTextContent('Fulfilled on Nov 21, 2026');
    expect(fulfilled.getByText('CODE-XYZ')).toBeInTheDocument();
    expect(fulfilled.getByText('Dec 21, 2026')).toBeInTheDocument();
    expect(fulfilled.queryByRole('button', { name: 'Fulfil' })).toBeNull();
  });

  test('dates are on the company’s clock whatever the browser’s zone, and the page says so (decision 139)', async () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    // 03:30 UTC on 21 November is 9:30 PM on 20 November in Chicago (12:30 PM on the 21st in Tokyo).
    const late = {
      ...FULFILLED,
      createdAt: '2026-11-21T03:30:00.000Z',
      decidedAt: '2026-11-21T04:00:00.000Z',
      reportWindowEndsAt: '2026-12-21T04:00:00.000Z',
    };
    api.answers[PENDING_PATH] = answer([]);
    api.answers['/staff/rewards/Orders?page=1'] = answer([late]);
    renderPage(['rewards'], '/staff/rewards/orders?status=all');
    const card = await orderRow(40);
    expect(card.getByText('Nov 20, 2026, 9:30 PM CST')).toBeInTheDocument();
    expect(card.getByTestId('order-status')).toHaveTextContent('Fulfilled on Nov 20, 2026, 10:00 PM CST');
    expect(card.getByText('Dec 20, 2026')).toBeInTheDocument();
    expect(screen.getByText(/Dates are in Chicago time \(C[SD]T, UTC−[56]\), the company’s clock\./)).toBeInTheDocument();
  });

  test('fulfils with the code: refuses an empty one, sends the typed one, tells the outcome and refreshes the list', async () => {
    let pending = [PENDING];
    api.answers[PENDING_PATH] = () => answer(pending);
    api.answers['/staff/rewards/FulfilOrder'] = () => {
      pending = [];
      return { body: { status: 'succeed', message: ORDER_TEXTS.fulfilled } };
    };
    const user = renderPage();
    const card = await orderRow(41);
    await user.click(card.getByRole('button', { name: 'Fulfil' }));
    expect(card.getByText(ORDER_TEXTS.codeRequired)).toBeInTheDocument();
    expect(card.getByLabelText('Gift code or note', { exact: false })).toHaveAttribute('aria-invalid', 'true');
    expect(api.paths()).not.toContain('/staff/rewards/FulfilOrder');

    await user.type(card.getByLabelText('Gift code or note', { exact: false }), 'GIFT-1234');
    await user.click(card.getByRole('button', { name: 'Fulfil' }));
    expect(await screen.findByText(`Order #41: ${ORDER_TEXTS.fulfilled}`)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/rewards/FulfilOrder')?.body).toEqual({ orderId: 41, code: 'GIFT-1234' });
    expect(await screen.findByText('No pending orders.')).toBeInTheDocument();
  });

  test('rejects with a reason, and says so when someone else was first', async () => {
    api.answers[PENDING_PATH] = answer([PENDING]);
    api.answers['/staff/rewards/RejectOrder'] = { body: { status: 'failed', message: ORDER_TEXTS.notPending } };
    const user = renderPage();
    const card = await orderRow(41);
    await user.click(card.getByRole('button', { name: 'Reject' }));
    expect(card.getByText(ORDER_TEXTS.reasonRequired)).toBeInTheDocument();
    await user.type(card.getByLabelText('Reason for rejecting', { exact: false }), 'Out of stock');
    await user.click(card.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(`Order #41: ${ORDER_TEXTS.notPending}`)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/rewards/RejectOrder')?.body).toEqual({ orderId: 41, reason: 'Out of stock' });
  });

  test('shows the orders as a table the server sorts, filters and pages (decision 140)', async () => {
    const many = Array.from({ length: 25 }, (_, index) => ({ ...FULFILLED, orderId: 100 - index }));
    api.answers[PENDING_PATH] = answer(many, 1, 30);
    api.answers['/staff/rewards/Orders?status=pending&page=1&sort=coins'] = answer([{ ...PENDING, coins: 900 }], 1, 30);
    api.answers['/staff/rewards/Orders?status=pending&page=2&sort=coins'] = answer([{ ...FULFILLED, orderId: 7 }], 2, 30);
    api.answers['/staff/rewards/Orders?status=pending&page=1&sort=coins&q=anna'] = answer([PENDING], 1, 1);
    const user = renderPage();
    const table = within(await screen.findByTestId('orders'));
    expect(table.getByRole('table', { name: 'Pending orders' })).toBeInTheDocument();
    expect(table.getByRole('columnheader', { name: /Ordered/ })).toHaveAttribute('aria-sort', 'descending');
    expect(table.getByText('Showing 1-25 of 30')).toBeInTheDocument();
    expect(table.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(table.getByRole('button', { name: /Coins/ }));
    expect(await table.findByText('900')).toBeInTheDocument();
    expect(table.getByRole('columnheader', { name: /Coins/ })).toHaveAttribute('aria-sort', 'descending');
    expect(table.getByRole('columnheader', { name: /Ordered/ })).not.toHaveAttribute('aria-sort');

    await user.click(table.getByRole('button', { name: 'Next' }));
    expect(await table.findByRole('rowheader', { name: '#7' })).toBeInTheDocument();
    expect(table.getByText('Showing 26-30 of 30')).toBeInTheDocument();

    await user.click(table.getByRole('searchbox', { name: 'Find a tester or reward' }));
    await user.paste('anna');
    expect(await table.findByText('Showing 1-1 of 1')).toBeInTheDocument();
    expect(table.getByRole('rowheader', { name: '#41' })).toBeInTheDocument();
    expect(api.paths()).toContain('/staff/rewards/Orders?status=pending&page=1&sort=coins&q=anna');
  });

  test('has empty and error states, and Try again', async () => {
    let fail = true;
    api.answers[PENDING_PATH] = () => (fail ? { status: 500, body: { message: 'boom' } } : answer([]));
    const user = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No pending orders.')).toBeInTheDocument();
  });

  test('is refused to staff without the rewards role, asking the server nothing', async () => {
    renderPage(['recruiter']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only staff with the rewards role can open this page.');
    expect(api.calls).toEqual([]);
  });
});
