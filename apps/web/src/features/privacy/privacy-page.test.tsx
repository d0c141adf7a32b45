// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, test } from 'vitest';
import { PRIVACY_TEXTS } from '@testerhub/shared/privacy-schemas';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { setLanguage } from '../../hooks/use-entry-language';
import { ACCOUNT_DELETED_PATH, AccountDeletedPage } from './account-deleted-page';
import { PrivacyPage } from './privacy-page';

const api = fakeApi();
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

function renderPage() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/community/main/account/privacy']}>
      <WithPortalQuery>
        <Routes>
          <Route path="/community/main/account/privacy" element={<PrivacyPage />} />
          <Route path={ACCOUNT_DELETED_PATH} element={<AccountDeletedPage />} />
        </Routes>
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return user;
}

const password = () => screen.getByLabelText('Your password', { selector: 'input' });

async function confirmDeletion(user: ReturnType<typeof userEvent.setup>, typed: string) {
  await user.type(password(), typed);
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  await user.click(within(dialog).getByRole('button', { name: 'Yes, delete everything' }));
}

describe('the Your data page (decision 040)', () => {
  test('no password: the shared schema’s message, no dialog and no call', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(PRIVACY_TEXTS.passwordRequired)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.paths()).not.toContain('/account/DeleteMyAccount');
  });

  test('the confirmation says what goes and that it cannot be undone; Keep my account sends nothing', async () => {
    const user = renderPage();
    await user.type(password(), 'Some#Pass1');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    for (const text of ['your account and login', 'your children’s data', 'your coins', 'your bookings', 'This cannot be undone.']) {
      expect(dialog).toHaveTextContent(text);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.paths()).not.toContain('/account/DeleteMyAccount');
  });

  test('a wrong password: the message on the field, still on the page', async () => {
    api.answers['/account/DeleteMyAccount'] = { body: { status: 'failed' } };
    const user = renderPage();
    await confirmDeletion(user, 'Wrong#Pass1');
    expect(await screen.findByText(PRIVACY_TEXTS.wrongPassword)).toBeInTheDocument();
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.find((call) => call.path === '/account/DeleteMyAccount')?.body).toEqual({ password: 'Wrong#Pass1' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your data' })).toBeInTheDocument();
  });

  test('too many wrong passwords: the server’s words', async () => {
    api.answers['/account/DeleteMyAccount'] = { status: 429, body: { message: TOO_MANY } };
    const user = renderPage();
    await confirmDeletion(user, 'Wrong#Pass1');
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY);
  });

  test('deleted: the public page that says so', async () => {
    api.answers['/account/DeleteMyAccount'] = { body: { status: 'succeed' } };
    const user = renderPage();
    await confirmDeletion(user, 'Right#Pass1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(PRIVACY_TEXTS.accountDeleted);
  });

  test('a refused download says why and saves nothing', async () => {
    api.answers['/account/ExportMyData'] = { status: 429, body: { message: TOO_MANY } };
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY);
    api.answers['/account/ExportMyData'] = { status: 500, body: { message: 'boom' } };
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText(PRIVACY_TEXTS.exportFailed)).toBeInTheDocument();
  });
});

describe('in Spanish (issue 28, Spanish end to end)', () => {
  test('the page, a wrong password and the confirmation read in Spanish', async () => {
    setLanguage('es');
    api.answers['/account/DeleteMyAccount'] = { body: { status: 'failed' } };
    // The Spanish texts load on first use: the page suspends until they have.
    const user = await act(async () => renderPage());
    expect(await screen.findByRole('heading', { level: 1, name: 'Sus datos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar mis datos' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Su contraseña', { selector: 'input' }), 'Wrong#Pass1');
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar su cuenta?' });
    expect(dialog).toHaveTextContent('Esto no se puede deshacer.');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, eliminar todo' }));
    expect(await screen.findByText('Esa contraseña no es correcta. No se eliminó nada.')).toBeInTheDocument();
  });
});
