import { useQuery } from '@tanstack/react-query';
import type { SkillDetail } from '@testerhub/shared/perks-schemas';
import { apiPost } from '../../../lib/api';
import { perksKeys } from './query-keys';

/** POST /api/skill/GetDetailInfo, body the perk's id: its levels, effects and requirements. */
export function fetchSkillDetail(skillTypeId: number): Promise<SkillDetail> {
  return apiPost<SkillDetail>('/skill/GetDetailInfo', skillTypeId);
}

export function useSkillDetail(skillTypeId: number | null) {
  return useQuery({
    queryKey: perksKeys.detail(skillTypeId ?? 0),
    queryFn: () => fetchSkillDetail(skillTypeId!),
    enabled: skillTypeId !== null,
  });
}
