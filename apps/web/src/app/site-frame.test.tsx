// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../hooks/use-entry-language';
import { RootLayout } from './root-layout';
import { RouterSiteNavigation } from './router-site-navigation';

/**
 * The root layout's frame in the tab's language (issue 28, "Spanish, end to end"; decision 131): the
 * skip link, the top navigation with its burger menu, and the navigation loading overlay, which a
 * Spanish tester meets on the not-found page, and the cookie notice every page shows until it is
 * accepted. English word for word.
 */

afterEach(() => setLanguage('en'));

// The overlay stays until the new page has painted once (a frame) or 2 s have passed: no frame comes here.
beforeEach(() => {
  vi.spyOn(window, 'requestAnimationFrame').mockReturnValue(0);
});
afterEach(() => vi.restoreAllMocks());

async function renderFrame(language: 'en' | 'es') {
  setLanguage(language);
  document.documentElement.lang = 'en'; // a page loaded afresh: the HTML's lang, whatever the tab's language

  await act(async () => {
    render(
      <MemoryRouter initialEntries={['/no-such-page']}>
        <RouterSiteNavigation>
          <Routes>
            <Route element={<RootLayout />}>
              <Route path="/next" element={<p>Next page</p>} />
              <Route path="*" element={<Link to="/next">next</Link>} />
            </Route>
          </Routes>
        </RouterSiteNavigation>
      </MemoryRouter>,
    );
  });
  return userEvent.setup();
}

describe('the site frame', () => {
  test('in Spanish: skip link, navigation, burger menu and the loading overlay', async () => {
    const user = await renderFrame('es');
    expect(document.documentElement.lang).toBe('es');
    expect(await screen.findByRole('link', { name: 'Saltar al contenido' })).toHaveAttribute('href', '#content');
    const bar = screen.getByRole('navigation', { name: 'Principal' });
    for (const name of ['Corporativo', 'Beneficios', 'Cómo funciona', 'Quiénes somos', 'Opiniones', 'Registrarse', 'Iniciar sesión'])
      expect(within(bar).getByRole('link', { name })).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Abrir el menú' }));
    const menu = screen.getByTestId('burger-menu');
    expect(within(menu).getByRole('link', { name: 'Más información' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Cerrar el menú' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('link', { name: 'next' }));
    expect(await screen.findByTestId('navigation-loading')).toHaveTextContent('Cargando…');
  });

  test('in English, word for word', async () => {
    const user = await renderFrame('en');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
    const bar = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Corporate', 'Benefits', 'How it works', 'About us', 'Reviews', 'Register', 'Login'])
      expect(within(bar).getByRole('link', { name })).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Open menu' }));
    expect(within(screen.getByTestId('burger-menu')).getByRole('link', { name: 'More Info' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'next' }));
    expect(await screen.findByTestId('navigation-loading')).toHaveTextContent('Loading…');
  });

  test('in Spanish: the cookie notice, its label, its button and its link (a Spanish tester meets it on every portal page)', async () => {
    await renderFrame('es');
    const notice = await screen.findByRole('region', { name: 'Aviso de cookies' });
    expect(notice).toHaveTextContent(
      'Usamos cookies para mantener su sesión iniciada y para entender cómo se usa nuestro sitio. Al continuar, acepta nuestro uso de cookies.',
    );
    expect(within(notice).getByRole('button', { name: 'Aceptar' })).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute('href', '/popup/privacy');
    expect(notice).not.toHaveTextContent(/cookies to keep you|Accept|Privacy Policy/);
  });

  test('in English the cookie notice is word for word as before', async () => {
    await renderFrame('en');
    const notice = await screen.findByRole('region', { name: 'Cookie notice' });
    expect(notice).toHaveTextContent(
      'We use cookies to keep you signed in and to understand how our site is used. By continuing you agree to our use of cookies.',
    );
    expect(within(notice).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
  });
});
