import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillText, LANGUAGES, languageOf, slotsOf } from '../packages/shared/src/i18n.ts';

const LOCALES = join(import.meta.dirname, '../packages/shared/src/locales');
const areasIn = (language: string) =>
  readdirSync(join(LOCALES, language))
    .filter((file) => file.endsWith('.json'))
    .sort();
const textsOf = (language: string, file: string) =>
  JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')) as Record<string, unknown>;

describe('translations (locales/<language>/<area>.json)', () => {
  it('has the same areas in every language', () => {
    const english = areasIn('en');
    expect(english.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) expect(areasIn(language), language).toEqual(english);
  });

  for (const file of areasIn('en')) {
    it(`${file}: every key in both languages, a non-empty text, the same {slots}`, () => {
      const english = textsOf('en', file);
      for (const language of LANGUAGES) {
        const texts = textsOf(language, file);
        expect(Object.keys(texts).sort(), `${language}/${file} keys`).toEqual(Object.keys(english).sort());
        for (const [key, text] of Object.entries(texts)) {
          expect(typeof text === 'string' && text.trim() !== '', `${language}/${file} ${key} is a text`).toBe(true);
          expect(slotsOf(text as string), `${language}/${file} ${key} slots`).toEqual(slotsOf(english[key] as string));
        }
      }
    });
  }
});

describe('fillText', () => {
  it('fills named slots and leaves an unnamed one as written', () => {
    expect(fillText('{count} seats left at {site}', { count: 3, site: 'Plano' })).toBe('3 seats left at Plano');
    expect(fillText('Hello {name}', {})).toBe('Hello {name}');
  });
});

describe('languageOf', () => {
  it('reads Spanish by its code and anything else as English', () => {
    expect(['es', 'ES', 'es-MX'].map(languageOf)).toEqual(['es', 'es', 'es']);
    expect(['en', '', null, undefined, 'fr'].map(languageOf)).toEqual(['en', 'en', 'en', 'en', 'en']);
  });
});
