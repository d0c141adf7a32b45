import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../../hooks/use-entry-language';
import { accountSettingsKeys } from './api/query-keys';
import { passwordAgeQueryOptions } from './api/get-password-age';

export const PASSWORD_PAGE = '/community/main/account/password';

/**
 * The account settings' Spanish texts, for a Spanish reader's reminder. The texts' module (with its
 * English) loads here, not with every portal page (decision 141); the Spanish file is asked beside
 * it, not after it, so the reminder waits one round trip for its texts, as before.
 */
const loadSpanishTexts = () =>
  Promise.all([import('./account-settings-texts'), import('@testerhub/shared/locales/es/account-settings.json')]).then(
    ([{ useAccountSettingsTexts }]) => useAccountSettingsTexts.loadSpanish(),
  );

/**
 * Whether the reminder is due and, once it is, its code (and a Spanish reader's texts): they load
 * then, not with every portal page (the first load's ceiling). `settled` says all are here (or
 * failed), so the portal shows its page with the reminder already in place (decisions 130, 138).
 * Asked once per visit: a read asked again would make the strip appear or go under an open page. Apart from
 * the notice, which comes with the portal's entry flow, not in its first load (decision 141).
 */
export function usePasswordReminder({ enabled = true }: { enabled?: boolean } = {}) {
  const age = useQuery({ ...passwordAgeQueryOptions(), enabled, staleTime: Infinity, retryOnMount: false });
  const months = age.data?.changeRecommended ? age.data.reminderMonths : undefined;
  const due = months !== undefined;
  const code = useQuery({
    queryKey: accountSettingsKeys.passwordReminderCode(),
    queryFn: async () => {
      const [module] = await Promise.all([import('./password-reminder'), currentLanguage() === 'es' ? loadSpanishTexts() : undefined]);
      return module;
    },
    enabled: due,
    staleTime: Infinity,
  });
  const settled = !age.isPending && (!due || !code.isPending);
  return { months, PasswordReminder: code.data?.PasswordReminder, settled };
}
