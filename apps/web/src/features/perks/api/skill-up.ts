import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SkillUpAnswer } from '@testerhub/shared/perks-schemas';
import { apiPost } from '../../../lib/api';
import { perksKeys, perksMutationKeys } from './query-keys';

/** POST /api/skill/SkillUp, body the perk's id: one level up, paid in coins. */
export function skillUp(skillTypeId: number): Promise<SkillUpAnswer> {
  return apiPost<SkillUpAnswer>('/skill/SkillUp', skillTypeId);
}

/** Upgrades; whatever the answer, the perks and their details are asked again (spec 3: skills refreshed). */
export function useSkillUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: perksMutationKeys.skillUp,
    mutationFn: skillUp,
    onSettled: () => queryClient.invalidateQueries({ queryKey: perksKeys.all }),
  });
}
