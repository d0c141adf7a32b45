// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, test } from 'vitest';
import {
  CATALOGUE_TEXTS,
  CHILD_QUEUE_TEXTS,
  REFERRAL_PIPELINE_TEXTS,
  type CatalogueItem,
  type ChildQueueItem,
  type ReferralPipelineItem,
} from '@testerhub/shared/staff-queues-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { fakeApi } from '../../../test/fake-api';
import { CataloguePage } from './catalogue-page';
import { ChildrenQueuePage } from './children-queue-page';
import { ReferralsPage } from './referrals-page';
import { renderStaffPages } from '../../../test/staff-pages';

const api = fakeApi();

function renderPage(page: ReactElement, path: string, roles: StaffRole[]) {
  return renderStaffPages(`/staff/${path}`, { [path]: page }, roles);
}

const CHILD: ChildQueueItem = {
  childId: '5f0c7a8e-1b2c-4d3e-8f4a-5b6c7d8e9f00',
  childName: 'Mia Example',
  birthDate: '2018-02-03',
  phone: '3125550123',
  parentName: 'Anna Tester',
  parentUsername: 'annatester',
  registeredAt: '2026-11-25T08:00:00.000Z',
  expiresAt: '2026-11-26T08:00:00.000Z',
  minutesLeft: 22 * 60 + 5,
  emailConfirmed: true,
  callsMade: 1,
  attempts: [{ outcome: 'noAnswer', channel: 'phone', note: 'Voicemail', attemptedAt: '2026-11-25T09:00:00.000Z', staffName: 'Carl' }],
};
const QUEUE = '/staff/children/Queue?page=1';
const queueOf = (children: ChildQueueItem[]) => ({ body: { status: 'succeed', page: 1, hasMore: false, children } });

describe('the children queue page (decision 054)', () => {
  test('shows the child, parent, phone, expiry and calls; records a call with its outcome and note', async () => {
    let children = [CHILD];
    api.answers[QUEUE] = () => queueOf(children);
    api.answers['/staff/children/RecordCall'] = () => {
      children = [];
      return { body: { status: 'succeed', message: CHILD_QUEUE_TEXTS.confirmed } };
    };
    const user = renderPage(<ChildrenQueuePage />, 'children', ['recruiter']);
    const card = within(await screen.findByRole('listitem', { name: 'Mia Example' }));
    expect(card.getByText('Anna Tester (annatester)')).toBeInTheDocument();
    expect(card.getByRole('link', { name: '(312) 555-0123' })).toHaveAttribute('href', 'tel:+13125550123');
    expect(card.getByTestId('calls-made')).toHaveTextContent('1 of 3');
    expect(card.getByText(/No answer \(Carl\): Voicemail/)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Record call' }));
    expect(card.getByText(CHILD_QUEUE_TEXTS.outcomeRequired)).toBeInTheDocument();
    expect(api.paths()).not.toContain('/staff/children/RecordCall');
    await user.selectOptions(card.getByLabelText('What the call came to'), 'confirmed');
    await user.type(card.getByLabelText('Note (optional)'), 'Spoke to mum');
    await user.click(card.getByRole('button', { name: 'Record call' }));
    expect(await screen.findByText(`Mia Example: ${CHILD_QUEUE_TEXTS.confirmed}`)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/children/RecordCall')?.body).toEqual({
      childId: CHILD.childId,
      outcome: 'confirmed',
      note: 'Spoke to mum',
    });
    expect(await screen.findByText('No children are waiting for a confirmation call.')).toBeInTheDocument();
  });

  test('shows the time left and the e-mail step; Confirm child records the confirming call (decision 079)', async () => {
    api.answers[QUEUE] = () => queueOf([CHILD]);
    api.answers['/staff/children/RecordCall'] = () => ({ body: { status: 'succeed', message: CHILD_QUEUE_TEXTS.confirmed } });
    const user = renderPage(<ChildrenQueuePage />, 'children', ['recruiter']);
    const card = within(await screen.findByRole('listitem', { name: 'Mia Example' }));
    expect(card.getByTestId('time-left')).toHaveTextContent('22 h 5 min left');
    expect(card.getByText(/Opened by the parent \(confirms the e-mail, not the child\)/)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Confirm child' }));
    expect(await screen.findByText(`Mia Example: ${CHILD_QUEUE_TEXTS.confirmed}`)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/children/RecordCall')?.body).toEqual({
      childId: CHILD.childId,
      outcome: 'confirmed',
      note: '',
    });
  });

  test('offers no call once 3 were made, and has an error state with Try again', async () => {
    let fail = true;
    api.answers[QUEUE] = () => (fail ? { status: 500, body: { message: 'boom' } } : queueOf([{ ...CHILD, callsMade: 3 }]));
    const user = renderPage(<ChildrenQueuePage />, 'children', ['recruiter']);
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const card = within(await screen.findByRole('listitem', { name: 'Mia Example' }));
    expect(card.queryByRole('button', { name: 'Record call' })).toBeNull();
    expect(card.getByText(/All calls made/)).toBeInTheDocument();
  });

  test('is refused without the recruiter role, asking the server nothing', async () => {
    renderPage(<ChildrenQueuePage />, 'children', ['rewards']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only staff with the recruiter role can open this page.');
    expect(api.calls).toEqual([]);
  });
});

const REFERRAL: ReferralPipelineItem = {
  referralId: '6f0c7a8e-1b2c-4d3e-8f4a-5b6c7d8e9f00',
  referrerUsername: 'annatester',
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.test',
  phone: '7735550100',
  status: 'Complete',
  createdAt: '2026-11-01T08:00:00.000Z',
  statusChangedAt: '2026-11-20T08:00:00.000Z',
  rewardPaid: false,
};

describe('the referrals page (decision 054)', () => {
  test('offers only the allowed moves and sets one', async () => {
    api.answers['/staff/referrals/List?page=1'] = { body: { status: 'succeed', page: 1, hasMore: false, referrals: [REFERRAL] } };
    api.answers['/staff/referrals/SetStatus'] = { body: { status: 'succeed', message: REFERRAL_PIPELINE_TEXTS.paid } };
    const user = renderPage(<ReferralsPage />, 'referrals', ['recruiter']);
    const card = within(await screen.findByRole('listitem', { name: 'Maria Lopez' }));
    expect(card.getByTestId('referral-status')).toHaveTextContent('Complete since');
    const select = card.getByLabelText('New status');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'Paid', 'Closed']);
    await user.click(card.getByRole('button', { name: 'Set status' }));
    expect(card.getByText(REFERRAL_PIPELINE_TEXTS.statusRequired)).toBeInTheDocument();
    await user.selectOptions(select, 'Paid');
    await user.click(card.getByRole('button', { name: 'Set status' }));
    expect(await screen.findByText(`Maria Lopez: ${REFERRAL_PIPELINE_TEXTS.paid}`)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/referrals/SetStatus')?.body).toEqual({
      referralId: REFERRAL.referralId,
      status: 'Paid',
    });
  });

  test('filters by status and says when none match', async () => {
    api.answers['/staff/referrals/List?page=1'] = { body: { status: 'succeed', page: 1, hasMore: false, referrals: [REFERRAL] } };
    api.answers['/staff/referrals/List?status=Closed&page=1'] = { body: { status: 'succeed', page: 1, hasMore: false, referrals: [] } };
    const user = renderPage(<ReferralsPage />, 'referrals', ['recruiter']);
    await screen.findByRole('listitem', { name: 'Maria Lopez' });
    await user.selectOptions(screen.getByLabelText('Show'), 'Closed');
    expect(await screen.findByText('No referrals with status Closed.')).toBeInTheDocument();
  });
});

const REWARD: CatalogueItem = {
  itemNo: 7,
  name: '$5 e-gift card',
  coins: 500,
  imagePath: '/media/rewards/gift-card-5.svg',
  sortOrder: 1,
  active: true,
  version: 3,
  pendingOrders: 2,
};
const CATALOGUE = '/staff/rewards/Catalogue';

describe('the catalogue page (decision 055)', () => {
  test('adds a reward after checking its fields', async () => {
    api.answers[CATALOGUE] = { body: { status: 'succeed', rewards: [REWARD] } };
    api.answers['/staff/rewards/AddReward'] = { body: { status: 'succeed', message: CATALOGUE_TEXTS.added, itemNo: 8 } };
    const user = renderPage(<CataloguePage />, 'rewards/catalogue', ['rewards']);
    await screen.findByRole('listitem', { name: '$5 e-gift card' });
    const form = within(screen.getByRole('form', { name: 'Add a reward' }));
    await user.type(form.getByLabelText('Coins'), '0');
    await user.click(form.getByRole('button', { name: 'Add reward' }));
    expect(form.getByText(CATALOGUE_TEXTS.nameRequired)).toBeInTheDocument();
    expect(form.getByText(CATALOGUE_TEXTS.coinsInvalid)).toBeInTheDocument();
    expect(form.getByText(CATALOGUE_TEXTS.imageRequired)).toBeInTheDocument();
    expect(api.paths()).not.toContain('/staff/rewards/AddReward');
    await user.type(form.getByLabelText('Name'), 'Mug');
    await user.clear(form.getByLabelText('Coins'));
    await user.type(form.getByLabelText('Coins'), '150');
    await user.selectOptions(form.getByLabelText('Picture'), '/media/rewards/tote-bag.svg');
    await user.click(form.getByRole('button', { name: 'Add reward' }));
    expect(await screen.findByText(`Mug: ${CATALOGUE_TEXTS.added}`)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/rewards/AddReward')?.body).toEqual({
      name: 'Mug',
      coins: 150,
      imagePath: '/media/rewards/tote-bag.svg',
      sortOrder: 0,
    });
  });

  test('edits from the shown version, says when someone else was first, and retires', async () => {
    api.answers[CATALOGUE] = { body: { status: 'succeed', rewards: [REWARD] } };
    api.answers['/staff/rewards/EditReward'] = { body: { status: 'failed', message: CATALOGUE_TEXTS.stale } };
    api.answers['/staff/rewards/SetRewardActive'] = { body: { status: 'succeed', message: CATALOGUE_TEXTS.retired } };
    const user = renderPage(<CataloguePage />, 'rewards/catalogue', ['rewards']);
    const card = within(await screen.findByRole('listitem', { name: '$5 e-gift card' }));
    expect(card.getByText('2')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Edit $5 e-gift card' }));
    const form = within(card.getByRole('form', { name: 'Edit $5 e-gift card' }));
    await user.clear(form.getByLabelText('Coins'));
    await user.type(form.getByLabelText('Coins'), '450');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(`$5 e-gift card: ${CATALOGUE_TEXTS.stale}`)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/rewards/EditReward')?.body).toEqual({
      itemNo: 7,
      version: 3,
      name: '$5 e-gift card',
      coins: 450,
      imagePath: '/media/rewards/gift-card-5.svg',
      sortOrder: 1,
    });
    await user.click(card.getByRole('button', { name: 'Retire $5 e-gift card' }));
    expect(await screen.findByText(`$5 e-gift card: ${CATALOGUE_TEXTS.retired}`)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/rewards/SetRewardActive')?.body).toEqual({ itemNo: 7, active: false });
  });

  test('is refused without the rewards role', async () => {
    renderPage(<CataloguePage />, 'rewards/catalogue', ['recruiter']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only staff with the rewards role can open this page.');
    expect(api.calls).toEqual([]);
  });
});
