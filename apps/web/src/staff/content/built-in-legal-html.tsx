import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { LegalPageKey } from '@testerhub/shared/legal-text-schemas';
import { LEGAL_PAGES } from '../../components/legal/legal-pages';

/**
 * The built-in text's HTML, rendered here from the web bundle, so staff start from the words
 * visitors see. Loaded only when an editor needs it: react-dom/server (about 63 KB gzipped)
 * stays out of the console's other loads (decision 086).
 */
export function builtInLegalHtml(page: LegalPageKey): string {
  const { Component } = LEGAL_PAGES[page];
  return renderToStaticMarkup(
    <MemoryRouter>
      <Component />
    </MemoryRouter>,
  );
}
