import en from '@testerhub/shared/locales/en/callouts.json';
import { textsFor } from '../../lib/texts';

/** The call-outs' own words in the tester's language (locales/<language>/callouts.json); a call-out's title and text are staff's. */
export const useCalloutsTexts = textsFor(en, () => import('@testerhub/shared/locales/es/callouts.json'));
