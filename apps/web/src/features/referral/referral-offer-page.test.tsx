// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { message } from '@testerhub/shared/account-messages';
import { REFERRAL_TEXTS } from '@testerhub/shared/referral-schemas';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { ReferralOfferPage } from './referral-offer-page';

const { answers, calls } = fakeApi();

function renderPage() {
  render(
    <MemoryRouter>
      <WithPortalQuery>
        <ReferralOfferPage />
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const box = (name: string) => screen.getByRole('textbox', { name });
const submit = () => screen.getByRole('button', { name: 'Refer my friend' });

async function fillAll(user: ReturnType<typeof userEvent.setup>, overrides: Partial<Record<string, string>> = {}) {
  const values = {
    'First name': 'Nina',
    'Last name': 'Novak',
    Age: '34',
    'E-mail address': 'nina@example.com',
    'Phone number': '7735550142',
  };
  for (const [name, value] of Object.entries({ ...values, ...overrides })) {
    await user.clear(box(name));
    if (value) await user.type(box(name), value);
  }
  await user.tab();
}

describe('the referral form (spec 3, section 5)', () => {
  test("shows the form's messages once a field is left: required, digits only, e-mail, phone", async () => {
    const user = renderPage();
    await user.click(box('First name'));
    await user.tab();
    expect(await screen.findByText(message('required'))).toBeInTheDocument();
    await user.type(box('Age'), '3a');
    await user.tab();
    expect(await screen.findByText(REFERRAL_TEXTS.digitsOnly)).toBeInTheDocument();
    await user.type(box('E-mail address'), 'nina@example');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    await user.type(box('Phone number'), '77355501');
    await user.tab();
    expect(await screen.findByText(message('phoneInvalid'))).toBeInTheDocument();
    expect(box('Phone number')).toHaveValue('77355501');
  });

  test('shows the name rule for a name that is not letters, spaces, hyphens, apostrophes and periods, and keeps submit disabled (issue 24)', async () => {
    const user = renderPage();
    await fillAll(user, { 'First name': 'Eve Bcc: x@evil.example' });
    expect(await screen.findByText(message('nameCharacters'))).toBeInTheDocument();
    expect(message('nameCharacters')).toBe('Use letters, spaces, hyphens, apostrophes and periods only.');
    expect(submit()).toBeDisabled();
    await user.clear(box('First name'));
    await user.type(box('First name'), 'José');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(message('nameCharacters'))).toBeNull());
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  test('formats a valid phone on blur as (123)456-7890, and keeps submit disabled with any empty field or error', async () => {
    const user = renderPage();
    expect(submit()).toBeDisabled();
    await fillAll(user, { Age: '' });
    expect(box('Phone number')).toHaveValue('(773)555-0142');
    expect(submit()).toBeDisabled();
    await user.type(box('Age'), 'x');
    expect(submit()).toBeDisabled();
    await user.clear(box('Age'));
    await user.type(box('Age'), '34');
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  test('sends the digits of the phone and, on succeed, says so and empties the form', async () => {
    answers['/account/UpdateReferralList'] = { body: { status: 'succeed' } };
    const user = renderPage();
    await fillAll(user);
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Referral sent' });
    expect(dialog).toHaveTextContent(REFERRAL_TEXTS.succeed);
    expect(calls.find((call) => call.path === '/account/UpdateReferralList')?.body).toEqual({
      firstname: 'Nina',
      lastname: 'Novak',
      age: '34',
      emailAddress: 'nina@example.com',
      phoneNumber: '7735550142',
    });
    expect(box('First name')).toHaveValue('');
  });

  test.each([
    ['maximum', REFERRAL_TEXTS.maximum],
    ['existUser', REFERRAL_TEXTS.existUser],
    ['failed', REFERRAL_TEXTS.failed],
  ])('shows %s as %s and keeps what was typed', async (status, title) => {
    answers['/account/UpdateReferralList'] = { body: { status } };
    const user = renderPage();
    await fillAll(user);
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(box('First name')).toHaveValue('Nina');
  });

  test("explains 'Exist user' as someone already referred, never as someone who is a member (decision 075)", async () => {
    answers['/account/UpdateReferralList'] = { body: { status: 'existUser' } };
    const user = renderPage();
    await fillAll(user);
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: REFERRAL_TEXTS.existUser });
    expect(dialog).toHaveTextContent('This person has already been referred.');
    expect(dialog).not.toHaveTextContent(/member|tester|registered/i);
  });

  test("shows 'Referral Request Failed' when the call fails", async () => {
    answers['/account/UpdateReferralList'] = { status: 500, body: { message: 'boom' } };
    const user = renderPage();
    await fillAll(user);
    await user.click(submit());
    expect(await screen.findByRole('dialog', { name: REFERRAL_TEXTS.failed })).toBeInTheDocument();
  });
});
