import type { JSX } from 'react';
import { BiometricPolicy } from './biometric-policy';
import { CancellationPolicy } from './cancellation-policy';
import { CommunityTerms } from './community-terms';
import { PrivacyPolicy } from './privacy-policy';
import { TermsAndConditions } from './terms-and-conditions';
import { TermsOfUse } from './terms-of-use';
import { TesterRules } from './tester-rules';
import { WhatToExpect } from './what-to-expect';

/** Last segment of the /popup/ route that shows each text. */
export type LegalPageKey =
  'expectation' | 'rules' | 'terms' | 'privacy' | 'biometric-private-policy' | 'cancellation-policy' | 'conditions' | 'community-terms';

export const LEGAL_PAGES: Record<LegalPageKey, { title: string; Component: () => JSX.Element }> = {
  expectation: { title: 'What to Expect', Component: WhatToExpect },
  rules: { title: 'Tester Rules', Component: TesterRules },
  terms: { title: 'Terms of Use', Component: TermsOfUse },
  privacy: { title: 'Privacy Policy', Component: PrivacyPolicy },
  'biometric-private-policy': { title: 'Biometric Data Policy', Component: BiometricPolicy },
  'cancellation-policy': { title: 'Cancellation Policy', Component: CancellationPolicy },
  conditions: { title: 'Terms and Conditions', Component: TermsAndConditions },
  'community-terms': { title: 'Community Terms and Conditions', Component: CommunityTerms },
};
