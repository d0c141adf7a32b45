// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { TermsStatusResponse } from '@testerhub/shared/terms-schemas';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { setLanguage } from '../../hooks/use-entry-language';
import { TermsGate } from './terms-gate';

const { answers, calls, paths } = fakeApi();

const STATUS: TermsStatusResponse = {
  status: 'succeed',
  currentVersion: 3,
  publishedAt: '2026-11-20T15:00:00.000Z',
  summary: 'We added the rules for the new referral contest.',
  language: 'en',
  acceptedVersion: 2,
  acceptedAt: '2026-10-01T12:00:00.000Z',
  needsAcceptance: true,
};

function renderGate() {
  const logOut = vi.fn();
  render(
    <MemoryRouter initialEntries={['/community/main']}>
      <WithPortalQuery>
        <TermsGate logOut={logOut}>
          <p>The login bonus</p>
        </TermsGate>
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return logOut;
}

describe('the terms gate at the start of the portal’s entry flow (decision 041)', () => {
  test('when the server says nothing is to accept, the entry flow goes on at once', async () => {
    answers['/account/GetTermsStatus'] = { body: { ...STATUS, acceptedVersion: 3, needsAcceptance: false } };
    renderGate();
    expect(await screen.findByText('The login bonus')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(paths()).toEqual(['/account/GetTermsStatus']);
  });

  test('a new version: the dialog shows what changed and a link to the terms; Escape does not close it; I accept sends the version and the entry flow goes on', async () => {
    answers['/account/GetTermsStatus'] = { body: STATUS };
    answers['/account/AcceptTerms'] = { body: { status: 'succeed', acceptedVersion: 3, acceptedAt: '2026-11-25T10:00:00.000Z' } };
    renderGate();
    const dialog = await screen.findByRole('dialog', { name: 'Our terms have changed' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription(/Please read what changed .* We added the rules for the new referral contest\./);
    expect(within(dialog).getByRole('heading', { level: 3 })).toHaveTextContent('What changed in version 3, November 20, 2026');
    const link = within(dialog).getByRole('link', { name: 'Read the Terms of Use (opens in a new tab)' });
    expect(link).toHaveAttribute('href', '/popup/terms');
    expect(link).toHaveAttribute('target', '_blank');
    expect(document.activeElement).toBe(dialog);
    expect(screen.queryByText('The login bonus')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('dialog', { name: 'Our terms have changed' })).toBe(dialog);

    // Even a close the browser forces is undone: only the buttons end the dialog.
    (dialog as HTMLDialogElement).close();
    expect(dialog).toHaveAttribute('open');

    await user.click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(await screen.findByText('The login bonus')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === '/account/AcceptTerms')?.body).toEqual({ version: 3 });
    // The answer settles the status: it is not asked again.
    expect(paths().filter((path) => path === '/account/GetTermsStatus')).toHaveLength(1);
  });

  test('a version that is no longer current: the message shows, and the dialog moves to the version now in force', async () => {
    let status: TermsStatusResponse = STATUS;
    answers['/account/GetTermsStatus'] = () => ({ body: status });
    answers['/account/AcceptTerms'] = () => {
      status = { ...STATUS, currentVersion: 4, summary: 'We changed how coins expire.' };
      return { body: { status: 'notCurrent', message: 'The terms changed again while this page was open.', currentVersion: 4 } };
    };
    renderGate();
    const dialog = await screen.findByRole('dialog', { name: 'Our terms have changed' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The terms changed again while this page was open.');
    expect(await within(dialog).findByText('We changed how coins expire.')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { level: 3 })).toHaveTextContent('What changed in version 4');
    expect(screen.queryByText('The login bonus')).not.toBeInTheDocument();
  });

  test('a failed save says so and keeps the dialog; Log out hands over to the shell’s logout', async () => {
    answers['/account/GetTermsStatus'] = { body: STATUS };
    answers['/account/AcceptTerms'] = { status: 500, body: { statusCode: 500, message: 'Internal Server Error' } };
    const logOut = renderGate();
    const dialog = await screen.findByRole('dialog', { name: 'Our terms have changed' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your answer could not be saved. Please try again.');
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(logOut).toHaveBeenCalledOnce();
    expect(dialog).toHaveAttribute('open');
  });

  test('when the status cannot be read, the entry flow goes on (the next visit asks again)', async () => {
    answers['/account/GetTermsStatus'] = { status: 500, body: { statusCode: 500, message: 'Internal Server Error' } };
    renderGate();
    await waitFor(() => expect(screen.getByText('The login bonus')).toBeInTheDocument(), { timeout: 5000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the terms dialog in Spanish (issue 28)', () => {
  afterEach(() => setLanguage('en'));

  test('its words and the date read Spanish; the summary keeps the language it was written in', async () => {
    setLanguage('es');
    answers['/account/GetTermsStatus'] = { body: { ...STATUS, summary: 'Añadimos las reglas del nuevo concurso.', language: 'es' } };
    // The Spanish texts load as a chunk of their own: the dialog suspends until they come.
    await act(async () => void renderGate());
    const dialog = await screen.findByRole('dialog', { name: 'Nuestros términos han cambiado' });
    expect(dialog).toHaveAccessibleDescription(/^Lea lo que cambió .* Añadimos las reglas del nuevo concurso\.$/);
    expect(within(dialog).getByRole('heading', { level: 3 })).toHaveTextContent('Qué cambió en la versión 3, 20 de noviembre de 2026');
    expect(within(dialog).getByRole('link', { name: 'Leer los Términos de uso (se abre en una pestaña nueva)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Acepto' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });
});
