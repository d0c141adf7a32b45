// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { LEGAL_TEXT_SCRIPT_ID, LEGAL_TEXT_SPANISH_SCRIPT_ID, LEGAL_TEXTS_ES } from '@testerhub/shared/legal-text-schemas';
import { fakeApi } from '../../../test/fake-api';
import { setLanguage } from '../../hooks/use-entry-language';
import LegalPopupRoute from './legal-popup-route';

/**
 * A legal popup shows the text in force, never the built-in one while a published version is
 * (decision 070): on the first load from the text the server embedded in the HTML (hydrating
 * without a mismatch and without asking), on client navigation after "Loading…" and the answer.
 */

const api = fakeApi();
const TEXT_CALL = '/content/LegalText?page=rules';
const BUILT_IN_SENTENCE = 'Bring a valid government-issued photo ID';
const PUBLISHED = { version: 2, bodyHtml: '<h2>Rules, version 2</h2><p>Published rules for the test.</p>' };

const route = <LegalPopupRoute page="rules" />;
const inRouter = <MemoryRouter initialEntries={['/popup/rules']}>{route}</MemoryRouter>;

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.replaceChildren();
  setLanguage('en');
});

/** Records whether `sentence` was ever put into the document, however briefly. */
function watchFor(sentence: string) {
  let seen = document.body.textContent?.includes(sentence) ?? false;
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node.textContent?.includes(sentence)) seen = true;
      if (record.type === 'characterData' && record.target.textContent?.includes(sentence)) seen = true;
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return () => {
    observer.disconnect();
    return seen;
  };
}

function embed(data: unknown, id = LEGAL_TEXT_SCRIPT_ID) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = id;
  script.textContent = JSON.stringify(data);
  document.body.append(script);
}

describe('client navigation (no text in the HTML)', () => {
  test('shows "Loading…" inside the popup, then the published body, never the built-in text', async () => {
    api.answers[TEXT_CALL] = { body: PUBLISHED };
    const sawBuiltIn = watchFor(BUILT_IN_SENTENCE);
    render(inRouter);
    expect(screen.getByRole('heading', { level: 1, name: 'Tester Rules' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('Published rules for the test.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(sawBuiltIn()).toBe(false);
    expect(api.paths()).toEqual([TEXT_CALL]);
  });

  test('shows the built-in text after "Loading…" when none is published', async () => {
    api.answers[TEXT_CALL] = { body: { version: null } };
    render(inRouter);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByText(BUILT_IN_SENTENCE)).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('a failed call shows the built-in text and nothing else', async () => {
    api.answers[TEXT_CALL] = { status: 500, body: { message: 'Something went wrong' } };
    render(inRouter);
    expect(await screen.findByText(BUILT_IN_SENTENCE)).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/went wrong/)).toBeNull();
  });
});

describe('the first load (hydrating the HTML the server sent)', () => {
  /** Hydrates `html` as the browser would, collecting React's recoverable errors (a mismatch is one). */
  function hydrate(html: string) {
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.prepend(container);
    const errors: unknown[] = [];
    act(() => {
      roots.push(hydrateRoot(container, inRouter, { onRecoverableError: (error) => errors.push(error) }));
    });
    return errors;
  }

  test.each([
    ['the built-in text', { version: null }, BUILT_IN_SENTENCE],
    ['a published body', PUBLISHED, 'Published rules for the test.'],
  ])('with %s embedded: hydrates to the same HTML, asks nothing', async (_, text, sentence) => {
    embed({ page: 'rules', ...text });
    const html = renderToString(inRouter);
    expect(html).toContain(sentence);
    expect(html).not.toContain('Loading…');
    const errors = hydrate(html);
    await act(async () => {});
    expect(errors).toEqual([]);
    expect(screen.getByText(sentence)).toBeInTheDocument();
    expect(api.paths()).toEqual([]);
  });

  test("another page's embedded text is not taken for this one's", async () => {
    embed({ page: 'privacy', ...PUBLISHED });
    api.answers[TEXT_CALL] = { body: { version: null } };
    render(inRouter);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByText(BUILT_IN_SENTENCE)).toBeInTheDocument();
    expect(screen.queryByText('Published rules for the test.')).toBeNull();
  });

  test('a prerendered page sent without its text (an older server) hydrates to the built-in text, then asks', async () => {
    embed({ page: 'rules', version: null });
    const html = renderToString(inRouter);
    document.body.replaceChildren();
    api.answers[TEXT_CALL] = { body: PUBLISHED };
    const errors = hydrate(html);
    expect(await screen.findByText('Published rules for the test.')).toBeInTheDocument();
    expect(errors).toEqual([]);
    expect(api.paths()).toEqual([TEXT_CALL]);
  });
});

describe('a Spanish reader (decision 132)', () => {
  const SPANISH = { version: 3, bodyHtml: '<h2>Reglas</h2><p>Reglas publicadas para la prueba.</p>' };

  test('client navigation asks in Spanish and shows the Spanish title and text', async () => {
    setLanguage('es');
    api.answers[TEXT_CALL] = { body: SPANISH };
    render(inRouter);
    expect(screen.getByRole('heading', { level: 1, name: 'Reglas para probadores' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(LEGAL_TEXTS_ES.loading);
    expect(await screen.findByText('Reglas publicadas para la prueba.')).toBeInTheDocument();
    expect(screen.queryByText(LEGAL_TEXTS_ES.englishOnly)).toBeNull();
    expect(screen.getByRole('button', { name: LEGAL_TEXTS_ES.close })).toBeInTheDocument();
  });

  test('no Spanish text: the English one under the note, marked as English', async () => {
    setLanguage('es');
    api.answers[TEXT_CALL] = { body: { version: null, englishOnly: true } };
    render(inRouter);
    expect(await screen.findByText(BUILT_IN_SENTENCE)).toBeInTheDocument();
    expect(screen.getByText(LEGAL_TEXTS_ES.englishOnly)).toBeInTheDocument();
    expect(document.querySelector('[data-legal-body="rules"]')).toHaveAttribute('lang', 'en');
  });

  test('a lang=es link turns the tab Spanish', async () => {
    api.answers[TEXT_CALL] = { body: SPANISH };
    render(
      <MemoryRouter initialEntries={['/popup/rules?lang=es']}>
        <LegalPopupRoute page="rules" />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Reglas publicadas para la prueba.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reglas para probadores' })).toBeInTheDocument();
  });

  test('the first load hydrates the English HTML without a mismatch, then shows the embedded Spanish text without asking', async () => {
    embed({ page: 'rules', ...PUBLISHED });
    embed({ page: 'rules', ...SPANISH }, LEGAL_TEXT_SPANISH_SCRIPT_ID);
    const html = renderToString(inRouter);
    expect(html).toContain('Published rules for the test.');
    setLanguage('es');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.prepend(container);
    const errors: unknown[] = [];
    act(() => {
      roots.push(hydrateRoot(container, inRouter, { onRecoverableError: (error) => errors.push(error) }));
    });
    expect(await screen.findByText('Reglas publicadas para la prueba.')).toBeInTheDocument();
    expect(screen.queryByText('Published rules for the test.')).toBeNull();
    expect(errors).toEqual([]);
    expect(api.paths()).toEqual([]);
  });
});
