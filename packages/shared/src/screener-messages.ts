import { bilingual, languageOf } from './i18n.ts';
import en from './locales/en/messages-screener.json' with { type: 'json' };
import es from './locales/es/messages-screener.json' with { type: 'json' };
import holdEn from './locales/en/messages-duplicate-hold.json' with { type: 'json' };
import holdEs from './locales/es/messages-duplicate-hold.json' with { type: 'json' };

const screenerTexts = bilingual(en, es);

/**
 * The messages a tester reads after a screener or a study click, in the tester's own language
 * (issue 28; decision 115). The English file says word for word what SCREENER_TEXTS and
 * SELF_SCHEDULE_TEXTS say (apps/server's screener-messages.test.ts holds them together).
 */
export const screenerMessagesFor = (tester: { language: string }) => screenerTexts(languageOf(tester.language));

const holdTexts = bilingual(holdEn, holdEs);

/** What a tester reads when a likely duplicate account holds their screening until staff review it (decision 129). */
export const duplicateHoldMessageFor = (tester: { language: string }) => holdTexts(languageOf(tester.language))('screeningHeld');
