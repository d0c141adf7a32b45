import { Link } from 'react-router';
import type { LatestWinnersRequest } from '@testerhub/shared/winners-schemas';
import { usePageTitle } from '../../hooks/use-page-title';
import { shownFailure } from '../../lib/query-status';
import { useWinnersTexts } from './winners-texts';
import { useLatestWinners } from './api/get-winners';
import './winners.css';

/** What each giveaway page says (spec 3, section 9: $10 social giveaways, the $50 quarterly new-tester drawing). */
const GIVEAWAYS = {
  eCard: { title: 'eCardTitle', about: 'eCardAbout', count: 5 },
  newTester: { title: 'newTesterTitle', about: 'newTesterAbout', count: 1 },
} as const satisfies Record<LatestWinnersRequest['type'], { title: string; about: string; count: 5 | 1 }>;

/** /community/main/winners/eCard and /new-tester: a giveaway's latest winners (POST /api/reward/GetWinners with 5 or 1). */
export function GiveawayWinnersPage({ type }: { type: LatestWinnersRequest['type'] }) {
  const t = useWinnersTexts();
  const giveaway = GIVEAWAYS[type];
  usePageTitle(t(giveaway.title));
  const winners = useLatestWinners({ type, count: giveaway.count });
  return (
    <div className="winners-page">
      <h1 className="winners-page__title">{t(giveaway.title)}</h1>
      <p>{t(giveaway.about)}</p>
      {winners.isPending && <p role="status">{t('loadingWinners')}</p>}
      {winners.isError && shownFailure(winners.error) && (
        <div role="alert">
          <p>{t('winnersLoadFailed')}</p>
          <button type="button" className="button button--outline" onClick={() => void winners.refetch()}>
            {t('tryAgain')}
          </button>
        </div>
      )}
      {winners.data?.length === 0 && <p>{t('comeBackLater', { year: new Date().getFullYear() })}</p>}
      {winners.data && winners.data.length > 0 && (
        <ul className="winners-list" data-testid="giveaway-winners">
          {winners.data.map((winner) => (
            <li key={`${winner.winner}-${winner.winnerTime}-${winner.year}`}>
              <span className="winners-list__name">{winner.winner}</span>
              <span>
                {winner.winnerTime} {winner.year}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/community/main/winners/0">{t('allEvents')}</Link>
      </p>
    </div>
  );
}
