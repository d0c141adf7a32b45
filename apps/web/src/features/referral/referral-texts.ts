import en from '@testerhub/shared/locales/en/referral.json';
import { textsFor } from '../../lib/texts';

/** The referral pages' texts in the tester's language (locales/<language>/referral.json). */
export const useReferralTexts = textsFor(en, () => import('@testerhub/shared/locales/es/referral.json'));
