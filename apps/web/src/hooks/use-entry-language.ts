import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { Language } from '@testerhub/shared/i18n';
import { sessionValues } from '../lib/browser-storage';

/** Session key of the visitor's language (spec 2, section 3): 'true' means Spanish. */
export const SPANISH_STORAGE_KEY = 'isSpanish';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const readSpanish = () => sessionValues.get(SPANISH_STORAGE_KEY) === 'true';

/**
 * Sets the language of every page of this tab: the entry pages' toggle before login, the tester's
 * own language (GetPKTesterInfo) once logged in. Kept in sessionStorage, so a reload and the pages
 * after login read the same one; the document's lang follows for screen readers.
 */
export function setLanguage(language: Language): void {
  // Every time: a page loaded afresh starts with the HTML's lang, even when the tab's language was already kept.
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (readSpanish() === (language === 'es')) return;
  sessionValues.set(SPANISH_STORAGE_KEY, String(language === 'es'));
  for (const listener of listeners) listener();
}

/** The language this tab shows, outside React (the API client tells the server). */
export function currentLanguage(): Language {
  return readSpanish() ? 'es' : 'en';
}

/** The language this tab shows (English on the server's render). */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, readSpanish, () => false) ? 'es' : 'en';
}

/**
 * Keeps `<html lang>` on the tab's language: a page loaded afresh starts with the HTML's English,
 * though the tab's language (sessionStorage) may be Spanish, and screen readers and axe read it.
 */
export function useDocumentLanguage(): void {
  const language = useLanguage();
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
}

/** The language of the join and registration pages, with its setter (the toggle). */
export function useEntryLanguage(): [Language, (language: Language) => void] {
  const language = useLanguage();
  return [language, useCallback((next: Language) => setLanguage(next), [])];
}
