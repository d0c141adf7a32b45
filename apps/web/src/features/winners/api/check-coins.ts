import { useQuery } from '@tanstack/react-query';
import type { CheckCoins } from '@testerhub/shared/winners-schemas';
import { apiGet } from '../../../lib/api';
import { SHOWS_COINS } from '../../../lib/coin-balance';
import { winnersKeys } from './query-keys';

/** GET /api/event/checkCoins: whether the coins cover a drawing entry and a spin. */
export function fetchCheckCoins(): Promise<CheckCoins> {
  return apiGet<CheckCoins>('/event/checkCoins');
}

export function useCheckCoins() {
  return useQuery({ queryKey: winnersKeys.checkCoins(), queryFn: fetchCheckCoins, meta: SHOWS_COINS });
}
