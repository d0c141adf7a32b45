import { bilingual } from './i18n.ts';
import en from './locales/en/sign-in.json' with { type: 'json' };
import es from './locales/es/sign-in.json' with { type: 'json' };

/**
 * The sign-in side's texts in both languages, for the server's answers to login, recovery and the
 * confirmation e-mail's resend (issue 28; decision 118): `signInTexts('es')('loginDefault')`. The
 * web reads the same files through its area hook; the English file repeats ENTRY_TEXTS and
 * RECOVERY_TEXTS word for word (sign-in-texts.test.ts holds them together).
 */
export const signInTexts = bilingual(en, es);

export type SignInKey = keyof typeof en;
