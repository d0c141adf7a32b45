// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { STAFF_ACCOUNT_TEXTS, STAFF_TEXTS } from '@testerhub/shared/staff-schemas';
import { fakeApi } from '../../../test/fake-api';
import { renderStaffPages } from '../../../test/staff-pages';
import { OwnAccountPage } from './own-account-page';

const api = fakeApi();
const CODES = Array.from({ length: 10 }, (_, index) => `abcde-${String(index).padStart(5, '0')}`);
const renderPage = () => renderStaffPages('/staff/account', { account: <OwnAccountPage /> }, ['content']);

describe('the own-account page (decision 072)', () => {
  test('counts the unused recovery codes, makes a new set for a code and shows it once, counting again', async () => {
    let unused = 2;
    api.answers['/staff/account/RecoveryCodes'] = () => ({ body: { status: 'succeed', unused, total: 10 } });
    let refuseFirst = true;
    api.answers['/staff/account/NewRecoveryCodes'] = () => {
      if (refuseFirst) {
        refuseFirst = false;
        return { body: { status: 'failed', message: STAFF_TEXTS.codeWrong, field: 'code', recoveryCodes: [] } };
      }
      unused = 10;
      return { body: { status: 'succeed', message: STAFF_ACCOUNT_TEXTS.codesMade, recoveryCodes: CODES } };
    };
    const user = renderPage();
    expect(await screen.findByTestId('recovery-codes-left')).toHaveTextContent('2 of 10 recovery codes unused. Make a new set');
    const form = within(screen.getByRole('form', { name: 'Make new recovery codes' }));
    await user.click(form.getByRole('button', { name: 'Make new recovery codes' }));
    expect(form.getByLabelText('The 6-digit code the app shows')).toHaveAccessibleDescription(STAFF_TEXTS.required);
    expect(api.paths()).not.toContain('/staff/account/NewRecoveryCodes');

    await user.type(form.getByLabelText('The 6-digit code the app shows'), 'abcde-fghij');
    await user.click(form.getByRole('button', { name: 'Make new recovery codes' }));
    expect(form.getByLabelText('The 6-digit code the app shows')).toHaveAccessibleDescription(STAFF_ACCOUNT_TEXTS.totpOnly);

    await user.clear(form.getByLabelText('The 6-digit code the app shows'));
    await user.type(form.getByLabelText('The 6-digit code the app shows'), '654321');
    await user.click(form.getByRole('button', { name: 'Make new recovery codes' }));
    expect(await form.findByText(STAFF_TEXTS.codeWrong)).toBeInTheDocument();
    expect(form.getByLabelText('The 6-digit code the app shows')).toHaveValue('');
    expect(screen.queryByTestId('recovery-codes')).toBeNull();

    await user.type(form.getByLabelText('The 6-digit code the app shows'), '123456');
    await user.click(form.getByRole('button', { name: 'Make new recovery codes' }));
    expect(await screen.findByText(STAFF_ACCOUNT_TEXTS.codesMade)).toBeInTheDocument();
    expect(
      within(screen.getByTestId('recovery-codes'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(api.calls.filter((call) => call.path === '/staff/account/NewRecoveryCodes').at(-1)?.body).toEqual({ code: '123456' });
    expect(await screen.findByText('10 of 10 recovery codes unused.')).toBeInTheDocument();
  });

  test('a refused code shows at the code field; a wrong current password at its own; success empties the form', async () => {
    api.answers['/staff/account/RecoveryCodes'] = { body: { status: 'succeed', unused: 10, total: 10 } };
    const answers = [
      { status: 'failed', message: STAFF_ACCOUNT_TEXTS.currentPasswordWrong, field: 'currentPassword' },
      { status: 'failed', message: STAFF_TEXTS.codeReplayed, field: 'code' },
      { status: 'succeed', message: STAFF_ACCOUNT_TEXTS.passwordChanged },
    ];
    api.answers['/staff/account/ChangePassword'] = () => ({ body: answers.shift() });
    const user = renderPage();
    const form = within(screen.getByRole('form', { name: 'Change your password' }));
    await user.type(form.getByLabelText('Current password'), 'Old staff password 1');
    await user.type(form.getByLabelText('New password'), 'Old staff password 1');
    await user.type(form.getByLabelText('Repeat the new password'), 'Old staff password 1');
    await user.type(form.getByLabelText('The 6-digit code the app shows'), '111111');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(form.getByLabelText('New password')).toHaveAccessibleDescription(/^At least 12 characters\..*not the one you have now/);

    await user.clear(form.getByLabelText('New password'));
    await user.type(form.getByLabelText('New password'), 'New staff password 2');
    await user.clear(form.getByLabelText('Repeat the new password'));
    await user.type(form.getByLabelText('Repeat the new password'), 'New staff password 2');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText(STAFF_ACCOUNT_TEXTS.currentPasswordWrong)).toBeInTheDocument();

    await user.type(form.getByLabelText('The 6-digit code the app shows'), '222222');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText(STAFF_TEXTS.codeReplayed)).toBeInTheDocument();
    expect(form.getByLabelText('The 6-digit code the app shows')).toHaveValue('');

    await user.type(form.getByLabelText('The 6-digit code the app shows'), '333333');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(STAFF_ACCOUNT_TEXTS.passwordChanged)).toBeInTheDocument();
    expect(form.getByLabelText('Current password')).toHaveValue('');
    expect(api.calls.filter((call) => call.path === '/staff/account/ChangePassword').at(-1)?.body).toEqual({
      currentPassword: 'Old staff password 1',
      password: 'New staff password 2',
      confirmPassword: 'New staff password 2',
      code: '333333',
    });
  });
});

describe('moving the authenticator to a new phone (decision 128)', () => {
  test('asks for the password and a current code, shows the new key and QR code, switches on the new phone’s code', async () => {
    api.answers['/staff/account/RecoveryCodes'] = { body: { status: 'succeed', unused: 10, total: 10 } };
    const starts = [
      {
        status: 'failed',
        message: STAFF_ACCOUNT_TEXTS.currentPasswordWrong,
        field: 'currentPassword',
        secret: '',
        otpauthUri: '',
        moveToken: '',
      },
      {
        status: 'succeed',
        message: STAFF_ACCOUNT_TEXTS.moveStarted,
        secret: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
        otpauthUri: 'otpauth://totp/TesterHub:me?secret=ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
        moveToken: 'sealed-token',
      },
    ];
    api.answers['/staff/account/StartAuthenticatorMove'] = () => ({ body: starts.shift() });
    const finishes = [
      { status: 'failed', message: STAFF_TEXTS.codeWrong, field: 'code' },
      { status: 'succeed', message: STAFF_ACCOUNT_TEXTS.moved },
    ];
    api.answers['/staff/account/FinishAuthenticatorMove'] = () => ({ body: finishes.shift() });
    const user = renderPage();
    const section = within(screen.getByRole('region', { name: 'Move your authenticator to a new phone' }));
    const startForm = within(section.getByRole('form', { name: 'Start moving your authenticator' }));
    await user.type(startForm.getByLabelText('Current password'), 'Not my password 1');
    await user.type(startForm.getByLabelText('The 6-digit code the app shows'), 'abcde-fghij');
    await user.click(startForm.getByRole('button', { name: 'Start the move' }));
    expect(startForm.getByLabelText('The 6-digit code the app shows')).toHaveAccessibleDescription(STAFF_ACCOUNT_TEXTS.totpOnly);
    expect(api.paths()).not.toContain('/staff/account/StartAuthenticatorMove');

    await user.clear(startForm.getByLabelText('The 6-digit code the app shows'));
    await user.type(startForm.getByLabelText('The 6-digit code the app shows'), '111111');
    await user.click(startForm.getByRole('button', { name: 'Start the move' }));
    expect(await startForm.findByText(STAFF_ACCOUNT_TEXTS.currentPasswordWrong)).toBeInTheDocument();

    await user.clear(startForm.getByLabelText('Current password'));
    await user.type(startForm.getByLabelText('Current password'), 'My staff password 1');
    await user.type(startForm.getByLabelText('The 6-digit code the app shows'), '222222');
    await user.click(startForm.getByRole('button', { name: 'Start the move' }));
    expect(await section.findByTestId('new-totp-secret')).toHaveTextContent('ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567');
    expect(section.getByRole('img', { name: "QR code for your new phone's authenticator app" })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/staff/account/StartAuthenticatorMove').at(-1)?.body).toEqual({
      currentPassword: 'My staff password 1',
      code: '222222',
    });

    const confirm = within(section.getByRole('form', { name: 'Confirm your new phone' }));
    await user.type(confirm.getByLabelText('The 6-digit code your new phone shows'), '333333');
    await user.click(confirm.getByRole('button', { name: 'Switch to the new phone' }));
    expect(await confirm.findByText(STAFF_TEXTS.codeWrong)).toBeInTheDocument();
    expect(confirm.getByLabelText('The 6-digit code your new phone shows')).toHaveValue('');

    await user.type(confirm.getByLabelText('The 6-digit code your new phone shows'), '444444');
    await user.click(confirm.getByRole('button', { name: 'Switch to the new phone' }));
    expect(await section.findByText(STAFF_ACCOUNT_TEXTS.moved)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/staff/account/FinishAuthenticatorMove').at(-1)?.body).toEqual({
      moveToken: 'sealed-token',
      code: '444444',
    });
    expect(section.queryByTestId('new-totp-secret')).toBeNull();
    expect(section.getByRole('form', { name: 'Start moving your authenticator' })).toBeInTheDocument();
  });

  test('cancelling a started move drops its key and goes back to the start', async () => {
    api.answers['/staff/account/RecoveryCodes'] = { body: { status: 'succeed', unused: 10, total: 10 } };
    api.answers['/staff/account/StartAuthenticatorMove'] = {
      body: {
        status: 'succeed',
        message: STAFF_ACCOUNT_TEXTS.moveStarted,
        secret: 'ABCDEFGH',
        otpauthUri: 'otpauth://totp/x?secret=ABCDEFGH',
        moveToken: 't',
      },
    };
    const user = renderPage();
    const section = within(screen.getByRole('region', { name: 'Move your authenticator to a new phone' }));
    await user.type(section.getByLabelText('Current password'), 'My staff password 1');
    await user.type(section.getByLabelText('The 6-digit code the app shows'), '222222');
    await user.click(section.getByRole('button', { name: 'Start the move' }));
    await user.click(await section.findByRole('button', { name: 'Cancel the move' }));
    expect(section.queryByTestId('new-totp-secret')).toBeNull();
    expect(section.getByRole('form', { name: 'Start moving your authenticator' })).toBeInTheDocument();
    expect(api.paths()).not.toContain('/staff/account/FinishAuthenticatorMove');
  });
});
