// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { PasswordPage } from './password-page';

const api = fakeApi();
const REMINDER = 'Your password was last changed more than 6 months ago. We recommend changing it every 6 months.';

function renderPage(changeRecommended = false) {
  api.answers['/account/GetPasswordAge'] = {
    body: { status: 'succeed', passwordChangedAt: '2026-01-01T00:00:00.000Z', changeRecommended, reminderMonths: 6 },
  };
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <WithPortalQuery>
        <PasswordPage />
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return user;
}

const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirmation = next) {
  if (current) await user.type(input('Current password'), current);
  if (next) await user.type(input('New password'), next);
  if (confirmation) await user.type(input('Confirm new password'), confirmation);
}

describe('the password page (spec 3, sections 5 and 8)', () => {
  test.each([
    ['Abcdefg#', 'Password must contain at least one digit.'],
    ['ABCDEF1#', 'Password must contain at least one lowercase letter.'],
    ['abcdef1#', 'Password must contain at least one uppercase letter.'],
    ['Abcdefg1', 'Password must contain at least one special character.'],
    ['Ab1#xyz', 'Password must contain at least 8 characters.'],
    ['Ab1#xxxxxxxxxxxxxxxxx', 'Password must contain at most 20 characters.'],
  ])('a new password %s shows "%s" and is not sent', async (password, message) => {
    const user = renderPage();
    await fill(user, 'Old#Pass1', password);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.paths()).not.toContain('/account/ChangePassword');
  });

  test('the current password is required and the confirmation must match', async () => {
    const user = renderPage();
    await fill(user, '', 'New#Pass12', 'New#Pass13');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required.')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match. Please ensure they are identical.')).toBeInTheDocument();
    expect(api.paths()).not.toContain('/account/ChangePassword');
  });

  test('a wrong current password: Password Change Failed with the spec’s text', async () => {
    const user = renderPage();
    api.answers['/account/ChangePassword'] = { body: { status: 'failed' } };
    await fill(user, 'Wrong#Pass1', 'New#Pass12');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Password Change Failed' });
    expect(dialog).toHaveTextContent('Unable to change password. Please try again.');
    expect(api.calls.find((call) => call.path === '/account/ChangePassword')?.body).toEqual({
      currentPassword: 'Wrong#Pass1',
      newPassword: 'New#Pass12',
    });
  });

  test('too many wrong passwords: the server’s message under the failure title', async () => {
    const user = renderPage();
    api.answers['/account/ChangePassword'] = {
      status: 429,
      body: { message: 'Too many attempts. Please wait a few minutes and try again.' },
    };
    await fill(user, 'Wrong#Pass1', 'New#Pass12');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Password Change Failed' });
    expect(dialog).toHaveTextContent('Too many attempts. Please wait a few minutes and try again.');
  });

  test('a success empties the form and says the other sessions ended', async () => {
    const user = renderPage();
    api.answers['/account/ChangePassword'] = { body: { status: 'succeed' } };
    await fill(user, 'Old#Pass1', 'New#Pass12');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('dialog', { name: 'Password Changed' })).toHaveTextContent('logged out everywhere else');
    expect(input('Current password')).toHaveValue('');
    expect(input('New password')).toHaveValue('');
  });

  test('the reminder shows only when a change is recommended', async () => {
    renderPage(true);
    expect(await screen.findByRole('note')).toHaveTextContent(REMINDER);
  });

  test('no reminder for a recent password', async () => {
    renderPage(false);
    await screen.findByRole('button', { name: 'Change password' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
