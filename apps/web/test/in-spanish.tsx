// The web unit tests' way to render a page in Spanish (issue 28): the tab's language set first,
// and the render awaited, since the Spanish texts load on first use. Put the language back
// after each test with `afterEach(() => setLanguage('en'))`.
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { setLanguage } from '../src/hooks/use-entry-language';

export async function renderInSpanish(ui: ReactNode) {
  setLanguage('es');
  await act(async () => {
    render(ui);
  });
}
