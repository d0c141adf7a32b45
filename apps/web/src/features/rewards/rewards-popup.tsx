import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NEW_TESTER_DRAWING, ONLINE_SCREENER_PRIZES, REFERRAL_TERMS, noWinnersYetText } from '@testerhub/shared/marketing';
import { lastMonthOnlineWinners, winnersByPeriod, type Winner } from '@testerhub/shared/public-content';
import { PopupShell } from '../../components/popup-shell';
import { useCachedQuery, type QueryState } from '../../hooks/use-cached-query';
import { usePageTitle } from '../../hooks/use-page-title';
import { useTabList } from '../../hooks/use-tab-list';
import { apiGet } from '../../lib/api';
import './rewards.css';

const TABS = ['Referral', 'New Tester'] as const;

/**
 * Tester rewards (spec 1, 2.8): tab 0 Referral, tab 1 New Tester, and the online-screener
 * winners view, which has no tab and is opened with ?view=online (decision 005).
 */
export function RewardsPopup() {
  usePageTitle('Tester rewards');
  const [params] = useSearchParams();
  const winners = useCachedQuery('winners', () => apiGet<Winner[]>('/reward/GetWinners'));
  const onlineView = params.get('view') === 'online';
  return (
    <PopupShell title={onlineView ? 'Online screener winners' : 'Tester rewards'} wide>
      {onlineView ? (
        <OnlineScreenerWinners winners={winners} />
      ) : (
        <RewardTabs winners={winners} initialTab={params.get('tab') === '1' ? 1 : 0} />
      )}
    </PopupShell>
  );
}

function RewardTabs({ winners, initialTab }: { winners: QueryState<Winner[]>; initialTab: number }) {
  const [tab, setTab] = useState(initialTab);
  const { tabListProps, tabProps } = useTabList<HTMLButtonElement>({ count: TABS.length, selected: tab, onSelect: setTab });
  const year = new Date().getFullYear();

  return (
    <>
      <div className="reward-tabs" aria-label="Reward programs" {...tabListProps}>
        {TABS.map((label, index) => (
          <button
            key={label}
            {...tabProps(index)}
            type="button"
            id={`reward-tab-${index}`}
            aria-controls={`reward-panel-${index}`}
            className="reward-tabs__tab"
            onClick={() => setTab(index)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`reward-panel-${tab}`} aria-labelledby={`reward-tab-${tab}`} className="reward-panel">
        {tab === 0 ? (
          <>
            <h2>Refer a friend</h2>
            <p>
              Current testers can refer friends and family. When the person you refer completes their first study, we mail you a check
              within {REFERRAL_TERMS.checkMailedWithinDays} days. We contact the people you refer within{' '}
              {REFERRAL_TERMS.referralContactedWithinDays} days, and you can refer up to {REFERRAL_TERMS.monthlyLimit} people a month.
            </p>
            <p>
              <Link to="/popup/referral">See this month's referral offer</Link>
            </p>
            <h2>Social giveaway winners {year}</h2>
            <WinnerPeriods winners={winners} group="social" year={year} />
          </>
        ) : (
          <>
            <h2>New tester drawing</h2>
            <p>
              Every new tester is entered in a drawing for a {NEW_TESTER_DRAWING.prize}. One winner is drawn each quarter, on{' '}
              {NEW_TESTER_DRAWING.drawingDates.join(', ')}. Only the quarter in which you first registered is eligible.
            </p>
            <h2>New tester winners {year}</h2>
            <WinnerPeriods winners={winners} group="newTester" year={year} />
          </>
        )}
        <p className="reward-panel__more">
          <Link to="/popup/rewards?view=online">Online screener winners</Link>
        </p>
      </div>
    </>
  );
}

function WinnerPeriods({ winners, group, year }: { winners: QueryState<Winner[]>; group: 'social' | 'newTester'; year: number }) {
  if (winners.status === 'loading') return <p aria-busy="true">Loading winners…</p>;
  const periods = winners.status === 'success' ? winnersByPeriod(winners.data, group, year) : [];
  if (periods.length === 0) return <p className="reward-panel__empty">{noWinnersYetText(year)}</p>;
  return (
    <dl className="winner-list">
      {periods.map((period) => (
        <div key={period.periodStart} className="winner-list__period">
          <dt>{period.winnerTime}</dt>
          {period.winners.map((name) => (
            <dd key={name}>{name}</dd>
          ))}
        </div>
      ))}
    </dl>
  );
}

function OnlineScreenerWinners({ winners }: { winners: QueryState<Winner[]> }) {
  const today = new Date();
  if (winners.status === 'loading') return <p aria-busy="true">Loading winners…</p>;
  const lastMonth = lastMonthOnlineWinners(winners.status === 'success' ? winners.data : [], today);
  const [smallPrize, largePrize] = ONLINE_SCREENER_PRIZES;
  return (
    <div className="reward-panel">
      <p>
        Complete online screeners to be entered in our monthly drawings for {smallPrize}s and {largePrize}s.
      </p>
      {lastMonth.winnerTime === null ? (
        <p className="reward-panel__empty">{noWinnersYetText(today.getFullYear())}</p>
      ) : (
        <>
          <h2>{lastMonth.winnerTime} winners</h2>
          <div className="online-winners">
            <section aria-labelledby="online-large">
              <h3 id="online-large">{largePrize}</h3>
              <WinnerNames names={lastMonth.onlineLarge} year={today.getFullYear()} />
            </section>
            <section aria-labelledby="online-small">
              <h3 id="online-small">{smallPrize}</h3>
              <WinnerNames names={lastMonth.online25} year={today.getFullYear()} />
            </section>
          </div>
        </>
      )}
    </div>
  );
}

function WinnerNames({ names, year }: { names: string[]; year: number }) {
  if (names.length === 0) return <p className="reward-panel__empty">{noWinnersYetText(year)}</p>;
  return (
    <ul className="winner-names">
      {names.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}
