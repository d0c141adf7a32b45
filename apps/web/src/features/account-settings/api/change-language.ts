import { useMutation } from '@tanstack/react-query';
import type { ChangeLanguagePayload, ChangeLanguageResponse } from '@testerhub/shared/account-settings-schemas';
import { apiPost } from '../../../lib/api';
import { accountSettingsMutationKeys } from './query-keys';

/** POST /api/account/ChangeLanguage (issue 28): the tester's language for every page and e-mail. */
export function changeLanguage(payload: ChangeLanguagePayload): Promise<ChangeLanguageResponse> {
  return apiPost<ChangeLanguageResponse>('/account/ChangeLanguage', payload);
}

export function useChangeLanguage() {
  return useMutation({ mutationKey: accountSettingsMutationKeys.changeLanguage, mutationFn: changeLanguage });
}
