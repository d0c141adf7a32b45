import type { ReactNode } from 'react';
import type { Language } from '@testerhub/shared/account-messages';
import { LanguageToggle } from './language-toggle';

interface EntryPageProps {
  /** The page's CSS block: the page is `{block}`, its card `{block}__{card}`, the bar above the content `{block}__top`. */
  block: string;
  card: string;
  language: Language;
  onLanguageChange: (language: Language) => void;
  /** The accessible name of the language buttons, in the page's language. */
  languageGroup: string;
  /** The card's content. */
  children: ReactNode;
  /** What stands outside the card (popups). */
  after?: ReactNode;
}

/**
 * A page of the entry flows (join, registration) in English or Spanish: the account root's
 * header carries the logo; the card's top carries the language.
 */
export function EntryPage({ block, card, language, onLanguageChange, languageGroup, children, after }: EntryPageProps) {
  return (
    <main className={block} lang={language}>
      <div className={`${block}__${card}`}>
        <div className={`${block}__top`}>
          <LanguageToggle language={language} onChange={onLanguageChange} groupLabel={languageGroup} />
        </div>
        {children}
      </div>
      {after}
    </main>
  );
}
