import en from '@testerhub/shared/locales/en/portal-shell.json';
import { textsFor } from '../../lib/texts';

/** The portal shell's texts in the tester's language (locales/<language>/portal-shell.json). */
export const usePortalShellTexts = textsFor(en, () => import('@testerhub/shared/locales/es/portal-shell.json'));
