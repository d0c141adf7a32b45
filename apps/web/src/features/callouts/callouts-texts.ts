import en from '@testerhub/shared/locales/en/callouts.json';
import es from '@testerhub/shared/locales/es/callouts.json';
import { translator } from '@testerhub/shared/i18n';
import { useLanguage } from '../../hooks/use-entry-language';

const inEnglish = translator(en);
const inSpanish = translator(es);

/**
 * The call-outs' own words in the tester's language (locales/<language>/callouts.json); a call-out's
 * title and text are staff's. Unlike other areas (lib/texts.ts) both languages come with the list's
 * own chunk, which loads only when there is a call-out: a few hundred bytes, so that a Spanish
 * reader's banner never waits for a chunk of its own and lands with the page (decision 130).
 */
export function useCalloutsTexts() {
  return useLanguage() === 'es' ? inSpanish : inEnglish;
}
