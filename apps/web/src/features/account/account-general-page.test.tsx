// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { COMPANY } from '@testerhub/shared/company';
import { describe, expect, test } from 'vitest';
import { setLanguage } from '../../hooks/use-entry-language';
import { ACCOUNT_TILES } from './account-tiles';
import { AccountGeneralPage } from './account-general-page';

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/community/main/account/general']}>
      <AccountGeneralPage
        kidsPopup={(onClose) => (
          <div role="dialog" aria-label="Kids popup">
            <button type="button" onClick={onClose}>
              Done
            </button>
          </div>
        )}
        notificationsPopup={(onClose) => (
          <div role="dialog" aria-label="Notifications popup">
            <button type="button" onClick={onClose}>
              Done
            </button>
          </div>
        )}
        logOutButton={<button type="button">Log out</button>}
        loginCount={<p>4 days this month</p>}
        leaderboardPopup={(onClose) => (
          <div role="dialog" aria-label="Leaderboard popup">
            <button type="button" onClick={onClose}>
              Done
            </button>
          </div>
        )}
        perksPopup={(onClose) => (
          <div role="dialog" aria-label="Perks popup">
            <button type="button" onClick={onClose}>
              Done
            </button>
          </div>
        )}
        profileSummary={<p>demotester1, level 2</p>}
        languageSetting={<p>Language choice</p>}
        profilePopup={(onClose) => (
          <div role="dialog" aria-label="Picture popup">
            <button type="button" onClick={onClose}>
              Done
            </button>
          </div>
        )}
      />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('the account page (spec 3, "Account general"; decision 030)', () => {
  test('every tile of the spec is listed; the ones built today show, in the spec order', () => {
    expect(ACCOUNT_TILES.map((tile) => tile.label)).toEqual([
      'Perks',
      'Register your kid(s)',
      'My Profile',
      'Notification settings',
      'FAQs',
      'Leaderboard',
      'Login Count',
      'Support',
      'Location',
      'Your data',
      'Log out',
    ]);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Perks',
      'Register your kid(s)',
      'My Profile',
      'Notification settings',
      'FAQs',
      'Leaderboard',
      'Login Count',
      'Support',
      'Location',
      'Your data',
      'Log out',
    ]);
  });

  test('the tiles: FAQs, Login Count, Tester Services, the four test sites, Log out', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Read the FAQs' })).toHaveAttribute('href', '/popup/faqs');
    expect(screen.getByRole('link', { name: COMPANY.supportPhone })).toHaveAttribute('href', expect.stringMatching(/^tel:/));
    expect(screen.getByRole('link', { name: COMPANY.supportEmail })).toHaveAttribute('href', `mailto:${COMPANY.supportEmail}`);
    for (const [city, code] of [
      ['Chicago', 'ch'],
      ['Dallas', 'da'],
      ['New York', 'ny'],
      ['Los Angeles', 'la'],
    ]) {
      expect(screen.getByRole('link', { name: city })).toHaveAttribute('href', `/popup/maps/${code}`);
    }
    expect(screen.getByRole('link', { name: 'Download or delete my data' })).toHaveAttribute('href', '/community/main/account/privacy');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    const loginCount = screen.getByRole('heading', { name: 'Login Count' }).closest('li')!;
    expect(loginCount).toHaveTextContent('4 days this month');
  });

  test('Perks opens the skill tree and My Profile the picture choice, with the summary on the tile', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Open perks' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Perks popup' })).getByRole('button', { name: 'Done' }));
    const profile = screen.getByRole('heading', { name: 'My Profile' }).closest('li')!;
    expect(profile).toHaveTextContent('demotester1, level 2');
    await user.click(within(profile).getByRole('button', { name: 'Change picture' }));
    expect(screen.getByRole('dialog', { name: 'Picture popup' })).toBeInTheDocument();
  });

  test('Leaderboard opens the leaderBoard popup, which closes again (decision 039)', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Open the leaderboard' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Leaderboard popup' })).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog', { name: 'Leaderboard popup' })).not.toBeInTheDocument();
  });

  test('Register your kid(s) opens the kid popup, which closes again', async () => {
    const user = renderPage();
    const tile = screen.getByRole('heading', { name: 'Register your kid(s)' }).closest('li')!;
    await user.click(within(tile).getByRole('button', { name: 'Register your kid(s)' }));
    const dialog = screen.getByRole('dialog', { name: 'Kids popup' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('Notification settings opens the opt-in popup, which closes again', async () => {
    const user = renderPage();
    const tile = screen.getByRole('heading', { name: 'Notification settings' }).closest('li')!;
    await user.click(within(tile).getByRole('button', { name: 'Notification settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Notifications popup' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('the language choice sits on the My Profile tile', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'My Profile' }).closest('li')).toHaveTextContent('Language choice');
  });

  test('a Spanish reader reads the page in Spanish (issue 28, Spanish end to end)', async () => {
    setLanguage('es');
    // The Spanish texts load on first use: the page suspends until they have.
    await act(async () => {
      renderPage();
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Beneficios',
      'Registre a sus hijos',
      'Mi perfil',
      'Notificaciones',
      'Preguntas frecuentes',
      'Clasificación',
      'Días de inicio de sesión',
      'Ayuda',
      'Ubicaciones',
      'Sus datos',
      'Cerrar sesión',
    ]);
    expect(screen.getByRole('button', { name: 'Ver beneficios' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Descargar o eliminar mis datos' })).toHaveAttribute('href', '/community/main/account/privacy');
    expect(document.title).toContain('Mi cuenta');
    expect(screen.getByText(/de lunes a viernes, de 9 a\.m\. a 5 p\.m\. CST/)).toBeInTheDocument();
    expect(screen.queryByText(/Monday to Friday/)).not.toBeInTheDocument();
  });
});
