import { PopupShell } from '../../components/popup-shell';
import { LEGAL_PAGES, type LegalPageKey } from '../../components/legal/legal-pages';
import { useLegalText } from '../../features/legal/use-legal-text';
import { usePageTitle } from '../../hooks/use-page-title';
import { sanitizeHtml } from '../../lib/sanitize-html';

/**
 * One of the legal and informational texts under /popup/: its built-in text, or the version
 * content staff published (decision 070), sanitised before it is shown; "Loading…" while a page
 * reached by client navigation asks which is in force. The marker element is where the server
 * puts a published body into the prerendered HTML.
 */
export default function LegalPopupRoute({ page }: { page: LegalPageKey }) {
  const { title, Component } = LEGAL_PAGES[page];
  usePageTitle(title);
  const text = useLegalText(page);
  return (
    <PopupShell title={title}>
      {text === undefined ? (
        <p role="status" aria-busy="true">
          Loading…
        </p>
      ) : text.version != null ? (
        <div data-legal-body={page} dangerouslySetInnerHTML={{ __html: sanitizeHtml(text.bodyHtml) }} />
      ) : (
        <div data-legal-body={page}>
          <Component />
        </div>
      )}
    </PopupShell>
  );
}
