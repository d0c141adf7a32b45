import { useState } from 'react';
import { LEADERBOARD_TEXTS, LEADERBOARD_TYPES, type Ranker, type RankerList } from '@testerhub/shared/leaderboard-schemas';
import { ModalDialog } from '../../components/modal-dialog';
import { useTabList } from '../../hooks/use-tab-list';
import { viewStatus } from '../../lib/query-status';
import { useRankerList } from './api/get-ranker-list';
import './leaderboard.css';

interface Board {
  label: Ranker['type'];
  rankers: (list: RankerList) => Ranker[];
  unit: (amount: number) => string;
}

const plural = (amount: number, one: string, many: string) => `${amount.toLocaleString('en-US')} ${amount === 1 ? one : many}`;

/** The three tabs in the spec's order. */
const BOARDS: readonly Board[] = [
  { label: LEADERBOARD_TYPES.coins, rankers: (list) => list.coinRankers, unit: (n) => plural(n, 'coin', 'coins') },
  { label: LEADERBOARD_TYPES.referrals, rankers: (list) => list.referralRankers, unit: (n) => plural(n, 'friend', 'friends') },
  { label: LEADERBOARD_TYPES.screeners, rankers: (list) => list.attendRankers, unit: (n) => plural(n, 'screener', 'screeners') },
];

/**
 * The leaderBoard popup (spec 3, "Leaderboard"; decision 039): the tester's figures this month and
 * three tabs, Deep Pockets, Referral Pro and Screener Wizard, each a ranked list half the window high.
 */
export function LeaderboardPopup({ onClose }: { onClose: () => void }) {
  const ranking = useRankerList();
  const status = viewStatus(ranking);
  return (
    <ModalDialog title={LEADERBOARD_TEXTS.title} onClose={onClose}>
      {status === 'pending' && <p role="status">Loading the leaderboard…</p>}
      {status === 'error' && <p role="alert">{LEADERBOARD_TEXTS.failed}</p>}
      {status === 'success' && ranking.data && <Boards list={ranking.data} />}
    </ModalDialog>
  );
}

function Boards({ list }: { list: RankerList }) {
  const [tab, setTab] = useState(0);
  // Arrow keys (and Home, End) move between the tabs, as screen-reader users expect of a tab list.
  const { tabListProps, tabProps } = useTabList<HTMLButtonElement>({ count: BOARDS.length, selected: tab, onSelect: setTab });
  const { myInfo } = list;
  const board = BOARDS[tab]!;
  const rankers = board.rankers(list);

  return (
    <>
      <section className="leaderboard-mine" aria-labelledby="leaderboard-mine-title">
        <img src={myInfo.imageSrc} alt="" width={48} height={48} className="leaderboard-mine__avatar" />
        <div>
          <h3 id="leaderboard-mine-title" className="leaderboard-mine__title">
            {LEADERBOARD_TEXTS.mine}: {myInfo.username}
          </h3>
          <dl className="leaderboard-mine__figures" data-testid="leaderboard-mine">
            <div>
              <dt>{LEADERBOARD_TEXTS.spent}</dt>
              <dd>{myInfo.spendCoins.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>{LEADERBOARD_TEXTS.referred}</dt>
              <dd>{myInfo.referralCount.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>{LEADERBOARD_TEXTS.screeners}</dt>
              <dd>{myInfo.attendScreen.toLocaleString('en-US')}</dd>
            </div>
          </dl>
        </div>
      </section>
      <div className="leaderboard-tabs" aria-label="Leaderboards" {...tabListProps}>
        {BOARDS.map(({ label }, index) => (
          <button
            key={label}
            {...tabProps(index)}
            type="button"
            id={`leaderboard-tab-${index}`}
            aria-controls="leaderboard-panel"
            className="leaderboard-tabs__tab"
            onClick={() => setTab(index)}
          >
            {label}
          </button>
        ))}
      </div>
      {/* Focusable so a keyboard can scroll the list, which is half the window high. */}
      <div role="tabpanel" id="leaderboard-panel" aria-labelledby={`leaderboard-tab-${tab}`} className="leaderboard-panel" tabIndex={0}>
        {rankers.length === 0 ? (
          <p className="leaderboard-panel__empty">{LEADERBOARD_TEXTS.empty}</p>
        ) : (
          <ol className="leaderboard-list">
            {rankers.map((ranker, index) => (
              <li key={`${ranker.username}-${index}`} className="leaderboard-list__row">
                <span className="leaderboard-list__rank">{index + 1}</span>
                <img src={ranker.imageSrc} alt="" width={36} height={36} className="leaderboard-list__avatar" />
                <span className="leaderboard-list__name">{ranker.username}</span>
                <span className="leaderboard-list__amount">{board.unit(ranker.amount)}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}
