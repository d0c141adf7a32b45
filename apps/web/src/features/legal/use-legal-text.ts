import { useEffect, useState } from 'react';
import type { Language } from '@testerhub/shared/i18n';
import {
  LEGAL_TEXT_SCRIPT_ID,
  LEGAL_TEXT_SPANISH_SCRIPT_ID,
  type LegalPageKey,
  type PublicLegalText,
} from '@testerhub/shared/legal-text-schemas';
import { apiGet } from '../../lib/api';

const BUILT_IN: PublicLegalText = { version: null };

/** A text as embedded or answered, or undefined when `data` is not one. */
function legalTextOf(data: { version?: unknown; bodyHtml?: unknown; englishOnly?: unknown } | undefined): PublicLegalText | undefined {
  if (!data) return undefined;
  const englishOnly = data.englishOnly === true ? { englishOnly: true as const } : {};
  if (data.version === null) return { version: null, ...englishOnly };
  if (typeof data.version !== 'number' || typeof data.bodyHtml !== 'string') return undefined;
  return { version: data.version, bodyHtml: data.bodyHtml, ...englishOnly };
}

/**
 * The text in force the server embedded in this page's HTML for `page`, if it did: the first render
 * matches that HTML (English); a Spanish reader's answer is in a script of its own (decision 132).
 */
function embeddedLegalText(page: LegalPageKey, language: Language): PublicLegalText | undefined {
  const script = document.getElementById(language === 'es' ? LEGAL_TEXT_SPANISH_SCRIPT_ID : LEGAL_TEXT_SCRIPT_ID);
  if (!script?.textContent) return undefined;
  try {
    const data = JSON.parse(script.textContent) as { page?: string; version?: number | null; bodyHtml?: string };
    return data.page === page ? legalTextOf(data) : undefined;
  } catch {
    return undefined;
  }
}

/** What the page shows: the text (undefined while loading), and whether it is final or still to be fetched. */
interface Shown {
  page: LegalPageKey;
  language: Language;
  text: PublicLegalText | undefined;
  fetched: boolean;
}

function firstShown(page: LegalPageKey, language: Language): Shown {
  // The prerender step: the built-in text goes into the HTML (no effects run there).
  if (typeof document === 'undefined') return { page, language, text: BUILT_IN, fetched: true };
  const embedded = embeddedLegalText(page, language);
  if (embedded) return { page, language, text: embedded, fetched: true };
  // Hydrating a prerendered page sent without its data (a server from before the embedding): match its HTML, then ask.
  if (document.querySelector(`[data-legal-body="${page}"]`)) return { page, language, text: BUILT_IN, fetched: false };
  return { page, language, text: undefined, fetched: false };
}

/** Another page or language than the one shown: its embedded text if the HTML has it, else loading until it is fetched. */
function nextShown(page: LegalPageKey, language: Language): Shown {
  const embedded = embeddedLegalText(page, language);
  return { page, language, text: embedded, fetched: embedded !== undefined };
}

/**
 * The legal page's text in force (decision 070) in `language` (decision 132): `{ version: null }`
 * for the built-in text, or the published version; `englishOnly` when a Spanish reader gets the
 * English text. On the first load the server embedded it in the HTML; on client navigation (or a
 * change of language) it is fetched, in the tab's language, and undefined (loading) until the
 * answer, so that a visitor never reads the built-in text while a published one is in force. A
 * failed fetch gives the built-in text.
 */
export function useLegalText(page: LegalPageKey, language: Language = 'en'): PublicLegalText | undefined {
  const [shown, setShown] = useState<Shown>(() => firstShown(page, language));
  const current: Shown = shown.page === page && shown.language === language ? shown : nextShown(page, language);
  useEffect(() => {
    if (current.fetched) return;
    let live = true;
    const settle = (text: PublicLegalText) => live && setShown({ page, language, text, fetched: true });
    // The API client sends the tab's language as Accept-Language, which the server answers in.
    apiGet<PublicLegalText>(`/content/LegalText?page=${encodeURIComponent(page)}`)
      .then(settle)
      .catch(() => settle(language === 'es' ? { ...BUILT_IN, englishOnly: true } : BUILT_IN));
    return () => {
      live = false;
    };
  }, [page, language, current.fetched]);
  return current.text;
}
