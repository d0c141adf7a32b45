import { useState } from 'react';
import type { Language } from '@testerhub/shared/i18n';
import { LEADERBOARD_TYPES, type Ranker, type RankerList } from '@testerhub/shared/leaderboard-schemas';
import { ModalDialog } from '../../components/modal-dialog';
import { useLanguage } from '../../hooks/use-entry-language';
import { useTabList } from '../../hooks/use-tab-list';
import { viewStatus } from '../../lib/query-status';
import { useRankerList } from './api/get-ranker-list';
import { useLeaderboardTexts } from './leaderboard-texts';
import './leaderboard.css';

type UnitKeys = readonly ['coinOne', 'coinMany'] | readonly ['friendOne', 'friendMany'] | readonly ['screenerOne', 'screenerMany'];

interface Board {
  /** The board's name (the spec's, a name in either language). */
  label: Ranker['type'];
  rankers: (list: RankerList) => Ranker[];
  /** The text of one and of many of what the board counts. */
  unit: UnitKeys;
}

const figure = (language: Language, amount: number) => amount.toLocaleString(language === 'es' ? 'es-US' : 'en-US');

/** The three tabs in the spec's order. */
const BOARDS: readonly Board[] = [
  { label: LEADERBOARD_TYPES.coins, rankers: (list) => list.coinRankers, unit: ['coinOne', 'coinMany'] },
  { label: LEADERBOARD_TYPES.referrals, rankers: (list) => list.referralRankers, unit: ['friendOne', 'friendMany'] },
  { label: LEADERBOARD_TYPES.screeners, rankers: (list) => list.attendRankers, unit: ['screenerOne', 'screenerMany'] },
];

/**
 * The leaderBoard popup (spec 3, "Leaderboard"; decision 039): the tester's figures this month and
 * three tabs, Deep Pockets, Referral Pro and Screener Wizard, each a ranked list half the window high.
 */
export function LeaderboardPopup({ onClose }: { onClose: () => void }) {
  const ranking = useRankerList();
  const status = viewStatus(ranking);
  const t = useLeaderboardTexts();
  return (
    <ModalDialog title={t('title')} onClose={onClose}>
      {status === 'pending' && <p role="status">{t('loading')}</p>}
      {status === 'error' && <p role="alert">{t('failed')}</p>}
      {status === 'success' && ranking.data && <Boards list={ranking.data} />}
    </ModalDialog>
  );
}

function Boards({ list }: { list: RankerList }) {
  const t = useLeaderboardTexts();
  const language = useLanguage();
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
            {t('mine')}: {myInfo.username}
          </h3>
          <dl className="leaderboard-mine__figures" data-testid="leaderboard-mine">
            <div>
              <dt>{t('spent')}</dt>
              <dd>{figure(language, myInfo.spendCoins)}</dd>
            </div>
            <div>
              <dt>{t('referred')}</dt>
              <dd>{figure(language, myInfo.referralCount)}</dd>
            </div>
            <div>
              <dt>{t('screeners')}</dt>
              <dd>{figure(language, myInfo.attendScreen)}</dd>
            </div>
          </dl>
        </div>
      </section>
      <div className="leaderboard-tabs" aria-label={t('boards')} {...tabListProps}>
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
          <p className="leaderboard-panel__empty">{t('empty')}</p>
        ) : (
          <ol className="leaderboard-list">
            {rankers.map((ranker, index) => (
              <li key={`${ranker.username}-${index}`} className="leaderboard-list__row">
                <span className="leaderboard-list__rank">{index + 1}</span>
                <img src={ranker.imageSrc} alt="" width={36} height={36} className="leaderboard-list__avatar" />
                <span className="leaderboard-list__name">{ranker.username}</span>
                <span className="leaderboard-list__amount">
                  {t(board.unit[ranker.amount === 1 ? 0 : 1], { n: figure(language, ranker.amount) })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}
