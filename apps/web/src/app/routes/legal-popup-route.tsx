import { PopupShell } from '../../components/popup-shell';
import { LEGAL_PAGES, type LegalPageKey } from '../../features/legal/legal-pages';
import { usePageTitle } from '../../hooks/use-page-title';

/** One of the static legal and informational texts under /popup/. */
export default function LegalPopupRoute({ page }: { page: LegalPageKey }) {
  const { title, Component } = LEGAL_PAGES[page];
  usePageTitle(title);
  return (
    <PopupShell title={title}>
      <Component />
    </PopupShell>
  );
}
