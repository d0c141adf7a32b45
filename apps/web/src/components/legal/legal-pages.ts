import type { JSX } from 'react';
import { LEGAL_PAGE_TITLES, type LegalPageKey } from '@testerhub/shared/legal-text-schemas';
import { BiometricPolicy } from './biometric-policy';
import { CancellationPolicy } from './cancellation-policy';
import { CommunityTerms } from './community-terms';
import { PrivacyPolicy } from './privacy-policy';
import { TermsAndConditions } from './terms-and-conditions';
import { TermsOfUse } from './terms-of-use';
import { TesterRules } from './tester-rules';
import { WhatToExpect } from './what-to-expect';

/** Last segment of the /popup/ route that shows each text (the keys content staff publish under, decision 070). */
export type { LegalPageKey };

/** `builtInSpanish`: the built-in text has its own Spanish version (decision 132: no "English only" note over it). */
export const LEGAL_PAGES: Record<LegalPageKey, { title: string; Component: () => JSX.Element; builtInSpanish?: true }> = {
  expectation: { title: LEGAL_PAGE_TITLES['expectation'], Component: WhatToExpect },
  rules: { title: LEGAL_PAGE_TITLES['rules'], Component: TesterRules },
  terms: { title: LEGAL_PAGE_TITLES['terms'], Component: TermsOfUse },
  privacy: { title: LEGAL_PAGE_TITLES['privacy'], Component: PrivacyPolicy },
  'biometric-private-policy': { title: LEGAL_PAGE_TITLES['biometric-private-policy'], Component: BiometricPolicy },
  'cancellation-policy': { title: LEGAL_PAGE_TITLES['cancellation-policy'], Component: CancellationPolicy },
  conditions: { title: LEGAL_PAGE_TITLES['conditions'], Component: TermsAndConditions },
  'community-terms': { title: LEGAL_PAGE_TITLES['community-terms'], Component: CommunityTerms, builtInSpanish: true },
};
