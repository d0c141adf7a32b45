import { Link } from 'react-router';
import type { LatestWinnersRequest } from '@testerhub/shared/winners-schemas';
import { usePageTitle } from '../../hooks/use-page-title';
import { shownFailure } from '../../lib/query-status';
import { useLatestWinners } from './api/get-winners';
import './winners.css';

/** What each giveaway page says (spec 3, section 9: $10 social giveaways, the $50 quarterly new-tester drawing). */
const GIVEAWAYS: Record<LatestWinnersRequest['type'], { title: string; about: string; count: 5 | 1 }> = {
  eCard: {
    title: 'Social giveaway winners',
    about: 'Winners of our social giveaways each receive a $10 e-gift card. Here are the five latest.',
    count: 5,
  },
  newTester: {
    title: 'New tester drawing',
    about: 'Every quarter one new tester wins a $50 e-gift card; only the quarter of first registration counts. Here is the latest winner.',
    count: 1,
  },
};

/** /community/main/winners/eCard and /new-tester: a giveaway's latest winners (POST /api/reward/GetWinners with 5 or 1). */
export function GiveawayWinnersPage({ type }: { type: LatestWinnersRequest['type'] }) {
  const giveaway = GIVEAWAYS[type];
  usePageTitle(giveaway.title);
  const winners = useLatestWinners({ type, count: giveaway.count });
  return (
    <div className="winners-page">
      <h1 className="winners-page__title">{giveaway.title}</h1>
      <p>{giveaway.about}</p>
      {winners.isPending && <p role="status">Loading the winners…</p>}
      {winners.isError && shownFailure(winners.error) && (
        <div role="alert">
          <p>The winners could not be loaded.</p>
          <button type="button" className="button button--outline" onClick={() => void winners.refetch()}>
            Try again
          </button>
        </div>
      )}
      {winners.data?.length === 0 && <p>Come back later as we start to select the winners for {new Date().getFullYear()}</p>}
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
        <Link to="/community/main/winners/0">All events</Link>
      </p>
    </div>
  );
}
