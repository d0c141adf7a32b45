import { useEffect, useState } from 'react';
import { LEGAL_TEXT_SCRIPT_ID, type LegalPageKey, type PublicLegalText } from '@testerhub/shared/legal-text-schemas';
import { apiGet } from '../../lib/api';

const BUILT_IN: PublicLegalText = { version: null };

/** The text in force the server embedded in this page's HTML for `page`, if it did: the first render matches that HTML. */
function embeddedLegalText(page: LegalPageKey): PublicLegalText | undefined {
  const script = document.getElementById(LEGAL_TEXT_SCRIPT_ID);
  if (!script?.textContent) return undefined;
  try {
    const data = JSON.parse(script.textContent) as { page?: string; version?: number | null; bodyHtml?: string };
    if (data.page !== page) return undefined;
    if (data.version === null) return BUILT_IN;
    if (typeof data.version !== 'number' || typeof data.bodyHtml !== 'string') return undefined;
    return { version: data.version, bodyHtml: data.bodyHtml };
  } catch {
    return undefined;
  }
}

/** What the page shows: the text (undefined while loading), and whether it is final or still to be fetched. */
interface Shown {
  page: LegalPageKey;
  text: PublicLegalText | undefined;
  fetched: boolean;
}

function firstShown(page: LegalPageKey): Shown {
  // The prerender step: the built-in text goes into the HTML (no effects run there).
  if (typeof document === 'undefined') return { page, text: BUILT_IN, fetched: true };
  const embedded = embeddedLegalText(page);
  if (embedded) return { page, text: embedded, fetched: true };
  // Hydrating a prerendered page sent without its data (a server from before the embedding): match its HTML, then ask.
  if (document.querySelector(`[data-legal-body="${page}"]`)) return { page, text: BUILT_IN, fetched: false };
  return { page, text: undefined, fetched: false };
}

/**
 * The legal page's text in force (decision 070): `{ version: null }` for the built-in text, or the
 * published version. On the first load the server embedded it in the HTML; on client navigation
 * it is fetched, and undefined (loading) until the answer, so that a visitor never reads the
 * built-in text while a published one is in force. A failed fetch gives the built-in text.
 */
export function useLegalText(page: LegalPageKey): PublicLegalText | undefined {
  const [shown, setShown] = useState<Shown>(() => firstShown(page));
  const current: Shown = shown.page === page ? shown : { page, text: undefined, fetched: false };
  useEffect(() => {
    if (current.fetched) return;
    let live = true;
    const settle = (text: PublicLegalText) => live && setShown({ page, text, fetched: true });
    apiGet<PublicLegalText>(`/content/LegalText?page=${encodeURIComponent(page)}`)
      .then(settle)
      .catch(() => settle(BUILT_IN));
    return () => {
      live = false;
    };
  }, [page, current.fetched]);
  return current.text;
}
