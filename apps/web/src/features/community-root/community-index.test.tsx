// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { setLanguage, useLanguage } from '../../hooks/use-entry-language';
import { STUDY_LINK_HANDLED_KEY } from '../../lib/browser-storage';
import { CommunityIndex } from './community-index';

function Where() {
  const location = useLocation();
  const language = useLanguage();
  return <p data-testid="where">{`${location.pathname}${location.search} ${language}`}</p>;
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/community" element={<CommunityIndex />} />
        <Route path="/community/main" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => window.sessionStorage.clear());
afterEach(() => setLanguage('en'));

describe('/community, where e-mailed study links point (decision 026)', () => {
  test('keeps s, t and d, forgets that this tab ran the link before, and opens the portal', async () => {
    window.sessionStorage.setItem(STUDY_LINK_HANDLED_KEY, 'study-1|tester-1|data-1|');
    renderAt('/community?s=study-1&t=tester-1&d=data-1');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/community\/main en$/));
    expect(['s', 't', 'd', 'study', 'tester'].map((key) => window.sessionStorage.getItem(key))).toEqual([
      'study-1',
      'tester-1',
      'data-1',
      'study-1',
      'tester-1',
    ]);
    expect(window.sessionStorage.getItem(STUDY_LINK_HANDLED_KEY)).toBeNull();
  });

  test('without a link it only opens the portal', async () => {
    window.sessionStorage.setItem(STUDY_LINK_HANDLED_KEY, 'x|y||');
    renderAt('/community');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/community\/main en$/));
    expect(window.sessionStorage.getItem(STUDY_LINK_HANDLED_KEY)).toBe('x|y||');
  });

  test("a Spanish parent's child-confirmation link (lang=es): keeps k and opens the portal in Spanish (decision 131)", async () => {
    renderAt('/community?k=0b7c1f2e-4a5d-4c3b-9e8f-1a2b3c4d5e6f&lang=es');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/community\/main es$/));
    expect(window.sessionStorage.getItem('k')).toBe('0b7c1f2e-4a5d-4c3b-9e8f-1a2b3c4d5e6f');
    expect(document.documentElement.lang).toBe('es');
  });
});
