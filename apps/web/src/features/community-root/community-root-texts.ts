import en from '@testerhub/shared/locales/en/community-root.json';
import { textsFor } from '../../lib/texts';

/**
 * The account root's own words in the tab's language (locales/<language>/community-root.json). The
 * English notice is the spec's, as ENTRY_TEXTS.sessionExpired has it.
 */
export const useCommunityRootTexts = textsFor(en, () => import('@testerhub/shared/locales/es/community-root.json'));
