// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import { fakeApi } from '../../../test/fake-api';
import { RecoveryPagesAt } from './recovery-test-helpers';

const { answers, calls } = fakeApi();

const renderAt = (url: string) => render(<RecoveryPagesAt url={url} />);

describe('find info tabs', () => {
  test('two tabs with tab semantics; the arrow key opens the other route', async () => {
    const user = userEvent.setup();
    renderAt('/community/findinfo/username');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Find username', 'Reset password']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[1]).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Find username' })).toBeInTheDocument();
    tabs[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Reset password' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Reset password' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Reset password' })).toBeInTheDocument();
  });

  test('find username: validation, then the found name', async () => {
    answers['/account/findusername'] = { body: { status: 'succeed', userName: 'demotester1', message: '' } };
    const user = userEvent.setup();
    renderAt('/community/findinfo/username');
    await user.click(screen.getByRole('button', { name: 'Find username' }));
    expect(screen.getByText('Please enter your first name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(screen.getByLabelText('First name'), 'Dana');
    await user.type(screen.getByLabelText('Last name'), 'Tester');
    await user.type(screen.getByLabelText('E-mail address'), 'demo.tester@testerhub.example');
    await user.click(screen.getByRole('button', { name: 'Find username' }));
    expect(await screen.findByRole('dialog', { name: 'Your username' })).toHaveTextContent('demotester1');
    expect(calls[0]).toEqual({
      path: '/account/findusername',
      body: { firstname: 'Dana', lastname: 'Tester', emailAddress: 'demo.tester@testerhub.example' },
    });
  });

  test('find username failure: the status with "Username not found"', async () => {
    answers['/account/findusername'] = { body: { status: 'failed', userName: '', message: 'Username not found' } };
    const user = userEvent.setup();
    renderAt('/community/findinfo/username');
    await user.type(screen.getByLabelText('First name'), 'No');
    await user.type(screen.getByLabelText('Last name'), 'Body');
    await user.type(screen.getByLabelText('E-mail address'), 'no@example.com');
    await user.click(screen.getByRole('button', { name: 'Find username' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Failed');
    expect(dialog).toHaveTextContent(ENTRY_TEXTS.findUsernameFailure);
  });

  test('forgot password: success text, then login on close', async () => {
    answers['/account/forgotpassword'] = { body: { status: 'succeed', message: ENTRY_TEXTS.forgotPasswordSuccess } };
    const user = userEvent.setup();
    renderAt('/community/findinfo/password');
    await user.type(screen.getByLabelText('Username'), 'demotester1');
    await user.type(screen.getByLabelText('E-mail address'), 'demo.tester@testerhub.example');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(ENTRY_TEXTS.forgotPasswordSuccess);
    await user.click(within(dialog).getByRole('button', { name: 'Go to log in' }));
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });

  test('forgot password: blank fields, the e-mail read as not valid, the first problem focused; typing clears its message', async () => {
    const user = userEvent.setup();
    renderAt('/community/findinfo/password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAccessibleDescription('Please enter your username.');
    expect(username).toHaveFocus();
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(calls).toEqual([]);
    await user.type(username, 'demotester1');
    expect(username).toHaveAttribute('aria-invalid', 'false');
  });

  test('forgot password failure text', async () => {
    answers['/account/forgotpassword'] = { body: { status: 'failed', message: ENTRY_TEXTS.forgotPasswordFailure } };
    const user = userEvent.setup();
    renderAt('/community/findinfo/password');
    await user.type(screen.getByLabelText('Username'), 'demotester1');
    await user.type(screen.getByLabelText('E-mail address'), 'wrong@example.com');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(ENTRY_TEXTS.forgotPasswordFailure);
  });
});

describe('reset password from the link', () => {
  test('registration password rules, then the success text and login on Close', async () => {
    answers['/account/ResetPassword'] = { body: { status: 'succeed', message: ENTRY_TEXTS.resetSuccess } };
    const user = userEvent.setup();
    renderAt('/account/resetPassword?userId=tester-1&code=code-1');
    const submit = screen.getByRole('button', { name: 'Reset password' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('New password'), 'abcdefgh');
    expect(screen.getByText('Password must contain at least one digit.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'New#Pass1');
    await user.type(screen.getByLabelText('Confirm new password'), 'New#Pass1');
    expect(submit).toBeEnabled();
    await user.click(submit);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(ENTRY_TEXTS.resetSuccess);
    expect(calls[0]).toEqual({ path: '/account/ResetPassword', body: { UserID: 'tester-1', Code: 'code-1', Password: 'New#Pass1' } });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });

  test('the confirmation is checked again when the password changes once it has text; an untouched one stays quiet', async () => {
    const user = userEvent.setup();
    renderAt('/account/resetPassword?userId=tester-1&code=code-1');
    const password = screen.getByLabelText('New password');
    const confirmation = screen.getByLabelText('Confirm new password');
    await user.type(password, 'New#Pass1');
    expect(confirmation).toHaveAttribute('aria-invalid', 'false');
    await user.type(confirmation, 'New#Pass1');
    await user.type(password, '2');
    expect(confirmation).toHaveAccessibleDescription('Passwords do not match. Please ensure they are identical.');
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeDisabled();
    await user.type(confirmation, '2');
    expect(confirmation).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeEnabled();
  });

  test('a used link: the failure text, then login', async () => {
    answers['/account/ResetPassword'] = { body: { status: 'failed', message: ENTRY_TEXTS.resetFailure } };
    const user = userEvent.setup();
    renderAt('/account/resetPassword?userId=tester-1&code=used');
    await user.type(screen.getByLabelText('New password'), 'New#Pass1');
    await user.type(screen.getByLabelText('Confirm new password'), 'New#Pass1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(ENTRY_TEXTS.resetFailure);
    await user.click(within(dialog).getByRole('button', { name: 'Go to log in' }));
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });
});
