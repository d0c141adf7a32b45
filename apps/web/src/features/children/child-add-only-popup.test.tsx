// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { CHILD_FLOW_TEXTS, CHILD_TEXTS } from '@testerhub/shared/children-schemas';
import { describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { ChildAddOnlyPopup } from './child-add-only-popup';

const api = fakeApi();

function renderPopup() {
  const onClose = vi.fn();
  render(
    <MemoryRouter initialEntries={['/community/main/account/general']}>
      <WithPortalQuery>
        <ChildAddOnlyPopup onClose={onClose} />
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return { onClose, user: userEvent.setup() };
}

const kids = (registeredChildren: unknown[]) => ({ body: { status: 'succeed', registeredChildren } });

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Mia');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Example');
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '3125550142');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Race' }), 'Other');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'Male');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), String(new Date().getFullYear() - 14));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'January');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Day' }), '31');
}

describe('the account page kid popup (selectChildAddOnly)', () => {
  test('opens on the list: unconfirmed children are Awaiting confirmation, with when the registration expires', async () => {
    api.answers['/schedule/GetChildrenInfo'] = kids([
      { childId: 'a', fullName: 'Sam Tester', isConfirmed: true, expiresAt: null },
      { childId: 'b', fullName: 'Mia Tester', isConfirmed: false, expiresAt: '2026-11-24T18:00:00.000Z' },
    ]);
    renderPopup();
    const list = await screen.findByRole('list', { name: 'Your kids' });
    expect(api.calls[0]).toEqual({ path: '/schedule/GetChildrenInfo', body: undefined });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Sam Tester\s*$/);
    expect(items[1]).toHaveTextContent(`Mia Tester ${CHILD_TEXTS.awaitingConfirmation} (registration expires Nov 24`);
    expect(items[1]).toHaveTextContent(CHILD_TEXTS.awaitingCall);
    expect(screen.getByRole('button', { name: 'My children', pressed: true })).toBeInTheDocument();
  });

  test('opens on the form when there is no child; succeed shows step 2 and goes back to the list', async () => {
    api.answers['/schedule/GetChildrenInfo'] = kids([]);
    api.answers['/account/RegistChildrenWithoutStudyNo'] = { body: { status: 'succeed' } };
    const { user } = renderPopup();
    expect(await screen.findByRole('dialog', { name: 'Register your child' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register a child', pressed: true })).toBeInTheDocument();
    await fillForm(user);
    api.answers['/schedule/GetChildrenInfo'] = kids([
      { childId: 'c', fullName: 'Mia Example', isConfirmed: false, expiresAt: '2026-11-24T18:00:00.000Z' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const done = await screen.findByRole('dialog', { name: 'Child registered' });
    expect(done).toHaveTextContent(CHILD_TEXTS.registered);
    const sent = api.calls.find((call) => call.path === '/account/RegistChildrenWithoutStudyNo');
    expect(sent?.body).toEqual({
      firstName: 'Mia',
      lastName: 'Example',
      phone: '3125550142',
      race: 'O',
      gender: 'M',
      year: new Date().getFullYear() - 14,
      month: 1,
      day: 31,
    });
    await user.click(within(done).getByRole('button', { name: 'Back to my children' }));
    const list = await screen.findByRole('list', { name: 'Your kids' });
    expect(list).toHaveTextContent(`Mia Example ${CHILD_TEXTS.awaitingConfirmation}`);
  });

  test('kidExisted: step 3', async () => {
    api.answers['/schedule/GetChildrenInfo'] = kids([]);
    api.answers['/account/RegistChildrenWithoutStudyNo'] = { body: { status: 'kidExisted' } };
    const { user } = renderPopup();
    await screen.findByRole('dialog', { name: 'Register your child' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const again = await screen.findByRole('dialog', { name: 'Already registered' });
    expect(again).toHaveTextContent(CHILD_TEXTS.alreadyRegistered);
    expect(again).toHaveTextContent('You have already registered this child.');
  });

  test('tooManyChildren: the limit in words with the contact notice (decision 079)', async () => {
    api.answers['/schedule/GetChildrenInfo'] = kids([]);
    const detail = CHILD_TEXTS.tooMany(6);
    api.answers['/account/RegistChildrenWithoutStudyNo'] = { body: { status: 'tooManyChildren', detail } };
    const { user } = renderPopup();
    await screen.findByRole('dialog', { name: 'Register your child' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const refused = await screen.findByRole('dialog', { name: 'Child limit reached' });
    expect(refused).toHaveTextContent(detail);
    expect(refused).toHaveTextContent('You can register up to 6 children.');
  });

  test('code 101: step 4 with the detail and the contact notice', async () => {
    api.answers['/schedule/GetChildrenInfo'] = kids([]);
    api.answers['/account/RegistChildrenWithoutStudyNo'] = { body: { status: '101', detail: CHILD_TEXTS.mustJoinFirst } };
    const { user } = renderPopup();
    await screen.findByRole('dialog', { name: 'Register your child' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const dialog = await screen.findByRole('dialog', { name: 'Child Registration Failed - 101' });
    expect(dialog).toHaveTextContent(CHILD_TEXTS.mustJoinFirst);
    expect(dialog).toHaveTextContent(CHILD_FLOW_TEXTS.contactNotice);
  });

  test('a failed registration call: Child Registration Failed - 105', async () => {
    api.answers['/schedule/GetChildrenInfo'] = kids([]);
    api.answers['/account/RegistChildrenWithoutStudyNo'] = { status: 500, body: { message: 'boom' } };
    const { user } = renderPopup();
    await screen.findByRole('dialog', { name: 'Register your child' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('dialog', { name: CHILD_TEXTS.registrationFailed })).toBeInTheDocument();
  });

  test('a list call that fails: the child lookup failure text', async () => {
    api.answers['/schedule/GetChildrenInfo'] = { status: 500, body: {} };
    renderPopup();
    expect(await screen.findByRole('dialog', { name: 'Something went wrong' })).toHaveTextContent(CHILD_TEXTS.lookupFailed);
  });
});
