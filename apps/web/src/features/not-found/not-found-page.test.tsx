// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { setLanguage } from '../../hooks/use-entry-language';
import { NotFoundPage } from './not-found-page';

afterEach(() => setLanguage('en'));

async function renderAt(address: string) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[address]}>
        <NotFoundPage />
      </MemoryRouter>,
    );
  });
}

describe('the not-found page (spec 1, 2.7)', () => {
  test('in English, word for word', async () => {
    await renderAt('/community/main/no-such-page?x=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText(/We could not find/).closest('p')).toHaveTextContent('We could not find /community/main/no-such-page?x=1.');
    expect(screen.getByText('The link may be old or mistyped.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/community/login');
    expect(screen.getByRole('link', { name: 'Go to the main page' })).toHaveAttribute('href', '/');
    expect(document.title).toMatch(/^Page not found \| /);
  });

  test('in Spanish for a Spanish tab (issue 28, Spanish end to end)', async () => {
    setLanguage('es');
    await renderAt('/community/main/no-existe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
    expect(screen.getByTestId('not-found-url').closest('p')).toHaveTextContent('No pudimos encontrar /community/main/no-existe.');
    expect(screen.getByText('Es posible que el enlace sea antiguo o que tenga un error.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a iniciar sesión' })).toHaveAttribute('href', '/community/login');
    expect(screen.getByRole('link', { name: 'Ir a la página principal' })).toHaveAttribute('href', '/');
    expect(document.title).toMatch(/^Página no encontrada \| /);
  });
});
