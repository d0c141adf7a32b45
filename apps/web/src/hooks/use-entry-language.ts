import { useCallback, useSyncExternalStore } from 'react';
import type { Language } from '@testerhub/shared/account-messages';
import { sessionValues } from '../lib/browser-storage';

/** Session key of the entry screens' language (spec 2, section 3): 'true' means Spanish. */
export const SPANISH_STORAGE_KEY = 'isSpanish';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const readSpanish = () => sessionValues.get(SPANISH_STORAGE_KEY) === 'true';

/** The language of the join and registration pages, kept in sessionStorage so every page (and a reload) shows the same one. */
export function useEntryLanguage(): [Language, (language: Language) => void] {
  const spanish = useSyncExternalStore(subscribe, readSpanish, () => false);
  const setLanguage = useCallback((language: Language) => {
    sessionValues.set(SPANISH_STORAGE_KEY, String(language === 'es'));
    for (const listener of listeners) listener();
  }, []);
  return [spanish ? 'es' : 'en', setLanguage];
}
