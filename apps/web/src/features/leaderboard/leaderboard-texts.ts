import en from '@testerhub/shared/locales/en/leaderboard.json';
import { textsFor } from '../../lib/texts';

/** The leaderboard's texts in the tester's language (locales/<language>/leaderboard.json). */
export const useLeaderboardTexts = textsFor(en, () => import('@testerhub/shared/locales/es/leaderboard.json'));
