// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, test } from 'vitest';
import { STAFF_TEXTS } from '@testerhub/shared/staff-schemas';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { StaffLoginPage } from './staff-login-page';

const api = fakeApi();

function renderPage() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/staff/login']}>
      <WithPortalQuery>
        <Routes>
          <Route path="/staff/login" element={<StaffLoginPage />} />
          <Route path="/staff" element={<p>The console</p>} />
        </Routes>
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return user;
}

async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('E-mail address'), 'ada@staff.example.test');
  await user.type(screen.getByLabelText('Password'), 'A long staff passphrase');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('the staff sign-in (decision 044)', () => {
  test('a wrong password shows the server’s message and stays on the first step', async () => {
    api.answers['/staff/Login'] = { body: { status: 'failed', message: STAFF_TEXTS.loginFailed } };
    const user = renderPage();
    await passwordStep(user);
    expect(await screen.findByText(STAFF_TEXTS.loginFailed)).toBeInTheDocument();
    expect(screen.queryByLabelText('Code')).toBeNull();
  });

  test('a replayed code shows its message; the next code opens the console', async () => {
    api.answers['/staff/Login'] = { body: { status: 'secondFactor', message: '' } };
    let attempts = 0;
    api.answers['/staff/LoginCode'] = () =>
      ++attempts === 1
        ? { body: { status: 'codeReplayed', message: STAFF_TEXTS.codeReplayed } }
        : { body: { status: 'succeed', message: '' } };
    const user = renderPage();
    await passwordStep(user);
    await user.type(await screen.findByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(STAFF_TEXTS.codeReplayed)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The console')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/staff/LoginCode').map((call) => call.body)).toEqual([
      { code: '123456' },
      { code: '654321' },
    ]);
  });

  test('a code step that ran out goes back to the password with the reason', async () => {
    api.answers['/staff/Login'] = { body: { status: 'secondFactor', message: '' } };
    api.answers['/staff/LoginCode'] = { body: { status: 'expired', message: STAFF_TEXTS.secondStepExpired } };
    const user = renderPage();
    await passwordStep(user);
    await user.type(await screen.findByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(STAFF_TEXTS.secondStepExpired)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });
});
