import en from '@testerhub/shared/locales/en/portal-pages.json';
import { textsFor } from '../../lib/texts';

/**
 * The texts of the shell's pages and tiles that load later than the shell (the not-found page, the
 * suspension notice, the login count and profile summary): apart from portal-shell.json, so the
 * portal's first load does not carry them (locales/<language>/portal-pages.json).
 */
export const usePortalPagesTexts = textsFor(en, () => import('@testerhub/shared/locales/es/portal-pages.json'));
