/**
 * The tester's language through the whole tester side (issue 28, "Spanish, end to end"; decision 107-es).
 * Texts live in JSON files a translator can edit, one per area, side by side for each language:
 * `locales/en/<area>.json` and `locales/es/<area>.json`, flat keys to strings with `{name}` slots.
 * `locales.test.ts` fails when a key, a slot or a file is missing in either language. Zod-free, so
 * that the portal's first load can carry it.
 */
import type { Language } from './account-messages.ts';

export type { Language };

export const LANGUAGES: readonly Language[] = ['en', 'es'];

/** A stored or sent language code ('es', 'es-MX') as one of ours; anything else reads as English. */
export function languageOf(value: string | null | undefined): Language {
  return value?.trim().toLowerCase().startsWith('es') ? 'es' : 'en';
}

export type TextParams = Record<string, string | number>;

const SLOT = /\{(\w+)\}/g;

/** Fills a text's `{name}` slots; a slot with no value stays as written, so a missing one shows. */
export function fillText(template: string, params?: TextParams): string {
  if (!params) return template;
  return template.replace(SLOT, (slot, name: string) => (name in params ? String(params[name]) : slot));
}

/** The slot names a text uses, sorted (the key check compares them across languages). */
export function slotsOf(template: string): string[] {
  return [...template.matchAll(SLOT)].map((match) => match[1]!).sort();
}

/** One area's texts in one language: keys of the English file, every one present. */
export type Texts<Keys extends string> = Record<Keys, string>;

/** A text of an area by key, filled: `t('seatsLeft', { count: 3 })`. */
export type Translate<Keys extends string> = (key: Keys, params?: TextParams) => string;

export function translator<Keys extends string>(texts: Texts<Keys>): Translate<Keys> {
  return (key, params) => fillText(texts[key], params);
}

/**
 * An area's texts in both languages for server-side use (e-mails, messages), where both are loaded:
 * `const mailTexts = bilingual(en, es); mailTexts('es')('subject')`. The Spanish file must have every
 * English key (the type says so, the key check too).
 */
export function bilingual<Keys extends string>(en: Texts<Keys>, es: Texts<Keys>): (language: Language) => Translate<Keys> {
  const byLanguage = { en: translator(en), es: translator(es) };
  return (language) => byLanguage[language];
}
