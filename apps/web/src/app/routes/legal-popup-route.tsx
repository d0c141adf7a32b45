import { PopupShell } from '../../components/popup-shell';
import { LEGAL_PAGES, type LegalPageKey } from '../../features/legal/legal-pages';
import { useLegalText } from '../../features/legal/use-legal-text';
import { usePageTitle } from '../../hooks/use-page-title';
import { sanitizeHtml } from '../../lib/sanitize-html';

/**
 * One of the legal and informational texts under /popup/: its built-in text, or the version
 * content staff published (decision 070), sanitised before it is shown. The marker element is
 * where the server puts a published body into the prerendered HTML.
 */
export default function LegalPopupRoute({ page }: { page: LegalPageKey }) {
  const { title, Component } = LEGAL_PAGES[page];
  usePageTitle(title);
  const published = useLegalText(page);
  return (
    <PopupShell title={title}>
      {published?.version != null ? (
        <div data-legal-body={page} dangerouslySetInnerHTML={{ __html: sanitizeHtml(published.bodyHtml) }} />
      ) : (
        <div data-legal-body={page}>
          <Component />
        </div>
      )}
    </PopupShell>
  );
}
