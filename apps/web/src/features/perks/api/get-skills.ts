import { useQuery } from '@tanstack/react-query';
import type { SkillsAnswer } from '@testerhub/shared/perks-schemas';
import { apiGet } from '../../../lib/api';
import { perksKeys } from './query-keys';

/** GET /api/skill/Getskills: the perks, each with the tester's level ('None' at 0). */
export function fetchSkills(): Promise<SkillsAnswer> {
  return apiGet<SkillsAnswer>('/skill/Getskills');
}

export function useSkills() {
  return useQuery({ queryKey: perksKeys.skills(), queryFn: fetchSkills });
}
