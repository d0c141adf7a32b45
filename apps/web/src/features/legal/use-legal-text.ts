import { useEffect, useState } from 'react';
import { LEGAL_TEXT_SCRIPT_ID, type LegalPageKey, type PublicLegalText } from '@testerhub/shared/legal-text-schemas';
import { apiGet } from '../../lib/api';

/** The published text the server embedded in this page's HTML for `page`, if it did: the first render matches that HTML. */
function embeddedLegalText(page: LegalPageKey): PublicLegalText | undefined {
  if (typeof document === 'undefined') return undefined;
  const script = document.getElementById(LEGAL_TEXT_SCRIPT_ID);
  if (!script?.textContent) return undefined;
  try {
    const data = JSON.parse(script.textContent) as { page?: string; version?: number; bodyHtml?: string };
    if (data.page !== page || typeof data.version !== 'number' || typeof data.bodyHtml !== 'string') return undefined;
    return { version: data.version, bodyHtml: data.bodyHtml };
  } catch {
    return undefined;
  }
}

/**
 * The legal page's published text (decision 070): from the page's HTML when the server embedded
 * it, otherwise fetched. Undefined while it is not known: the built-in text is shown meanwhile
 * (the prerendered HTML of a page without a published version holds it too); a failed fetch
 * leaves the built-in text.
 */
export function useLegalText(page: LegalPageKey): PublicLegalText | undefined {
  const [known, setKnown] = useState<{ page: LegalPageKey; text: PublicLegalText } | undefined>(() => {
    const embedded = embeddedLegalText(page);
    return embedded && { page, text: embedded };
  });
  const current = known?.page === page ? known.text : undefined;
  useEffect(() => {
    if (current) return;
    let live = true;
    apiGet<PublicLegalText>(`/content/LegalText?page=${encodeURIComponent(page)}`)
      .then((text) => live && setKnown({ page, text }))
      .catch(() => live && setKnown({ page, text: { version: null } }));
    return () => {
      live = false;
    };
  }, [page, current]);
  return current;
}
