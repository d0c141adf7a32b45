// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { SPANISH_STORAGE_KEY, setLanguage, useLanguage } from '../../hooks/use-entry-language';
import { LanguageSetting } from './language-setting';

const api = fakeApi();

/** A text elsewhere on the page, to see that the whole tab switches, not only the setting. */
function PageLanguage() {
  return <p data-testid="page-language">{useLanguage()}</p>;
}

function renderSetting() {
  const onChanged = vi.fn();
  render(
    <MemoryRouter>
      <WithPortalQuery>
        <LanguageSetting onChanged={onChanged} />
        <PageLanguage />
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), onChanged };
}

const posted = () => api.calls.filter((call) => call.path === '/account/ChangeLanguage').map((call) => call.body);

describe('the language setting (issue 28, Spanish end to end; decision 114)', () => {
  test('Español is stored, the tab switches at once and the confirmation reads in Spanish', async () => {
    api.answers['/account/ChangeLanguage'] = (body) => ({ body: { status: 'succeed', ...(body as object) } });
    const { user, onChanged } = renderSetting();
    const group = screen.getByRole('group', { name: 'Language of your pages and e-mails' });
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(group).toContainElement(screen.getByRole('button', { name: 'Español' }));

    await user.click(screen.getByRole('button', { name: 'Español' }));

    expect(await screen.findByText('Guardado: sus páginas y correos electrónicos ahora están en español.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(posted()).toEqual([{ language: 'es' }]);
    expect(onChanged).toHaveBeenCalledWith('es');
    expect(screen.getByTestId('page-language')).toHaveTextContent('es');
    expect(document.documentElement.lang).toBe('es');
    expect(screen.getByRole('heading', { name: 'Idioma' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a Spanish reader switches back to English, confirmed in English', async () => {
    setLanguage('es');
    api.answers['/account/ChangeLanguage'] = (body) => ({ body: { status: 'succeed', ...(body as object) } });
    // The Spanish texts load on first use: the setting suspends until they have.
    const { user } = await act(async () => renderSetting());
    await user.click(await screen.findByRole('button', { name: 'English' }));
    expect(await screen.findByText('Saved: your pages and e-mails are now in English.')).toHaveAttribute('role', 'status');
    expect(posted()).toEqual([{ language: 'en' }]);
    expect(screen.getByTestId('page-language')).toHaveTextContent('en');
  });

  test('choosing the language already shown asks nothing', async () => {
    const { user } = renderSetting();
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(posted()).toEqual([]);
  });

  test('a refused change says so and keeps the language the tester had', async () => {
    api.answers['/account/ChangeLanguage'] = { status: 500, body: { message: 'Internal error' } };
    const { user, onChanged } = renderSetting();
    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not change your language. Please try again.');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('page-language')).toHaveTextContent('en');
    expect(onChanged).not.toHaveBeenCalled();
  });
});

test("after a reload the tab's stored Spanish sets the page's lang too (the served page says en)", () => {
  window.sessionStorage.setItem(SPANISH_STORAGE_KEY, 'true');
  document.documentElement.lang = 'en';
  setLanguage('es');
  expect(document.documentElement.lang).toBe('es');
});
