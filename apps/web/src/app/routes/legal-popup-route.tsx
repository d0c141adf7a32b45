import { PopupShell } from '../../components/popup-shell';
import { LEGAL_PAGES, type LegalPageKey } from '../../components/legal/legal-pages';
import { LEGAL_PAGE_TITLES_ES, LEGAL_TEXTS_ES } from '@testerhub/shared/legal-text-schemas';
import { useLegalText } from '../../features/legal/use-legal-text';
import { useLanguage } from '../../hooks/use-entry-language';
import { useLinkLanguage } from '../../hooks/use-link-language';
import { usePageTitle } from '../../hooks/use-page-title';
import { sanitizeHtml } from '../../lib/sanitize-html';

/**
 * One of the legal and informational texts under /popup/: its built-in text, or the version
 * content staff published (decision 070), sanitised before it is shown; "Loading…" while a page
 * reached by client navigation asks which is in force. The marker element is where the server
 * puts a published body into the prerendered HTML. A Spanish reader (the tab's language, or a
 * `lang=es` link) gets the Spanish title and text, or the English text under a note saying it
 * has no Spanish one (decision 132).
 */
export default function LegalPopupRoute({ page }: { page: LegalPageKey }) {
  useLinkLanguage();
  const language = useLanguage();
  const { Component, builtInSpanish } = LEGAL_PAGES[page];
  const spanish = language === 'es';
  const title = spanish ? LEGAL_PAGE_TITLES_ES[page] : LEGAL_PAGES[page].title;
  usePageTitle(title);
  const text = useLegalText(page, language);
  // A built-in text with its own Spanish (the Community Terms) needs no note.
  const englishOnly = text?.englishOnly === true && !(text.version === null && builtInSpanish);
  return (
    <PopupShell title={title} closeLabel={spanish ? LEGAL_TEXTS_ES.close : undefined}>
      {text === undefined ? (
        <p role="status" aria-busy="true">
          {spanish ? LEGAL_TEXTS_ES.loading : 'Loading…'}
        </p>
      ) : (
        <>
          {englishOnly && <p className="legal__english-only">{LEGAL_TEXTS_ES.englishOnly}</p>}
          {text.version != null ? (
            <div
              data-legal-body={page}
              lang={englishOnly ? 'en' : undefined}
              dangerouslySetInnerHTML={{ __html: sanitizeHtml(text.bodyHtml) }}
            />
          ) : (
            <div data-legal-body={page} lang={englishOnly ? 'en' : undefined}>
              <Component />
            </div>
          )}
        </>
      )}
    </PopupShell>
  );
}
