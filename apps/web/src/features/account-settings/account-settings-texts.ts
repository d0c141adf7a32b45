import en from '@testerhub/shared/locales/en/account-settings.json';
import { textsFor } from '../../lib/texts';

/** The account settings' texts in the tester's language (locales/<language>/account-settings.json). */
export const useAccountSettingsTexts = textsFor(en, () => import('@testerhub/shared/locales/es/account-settings.json'));
