import { Link, useNavigate } from 'react-router';
import { RetryAlert } from '../../components/retry-alert';
import { usePageTitle } from '../../hooks/use-page-title';
import { viewStatus } from '../../lib/query-status';
import { useCurrentCoin } from './api/get-current-coin';
import { coinsText, RedeemItemPopup } from './redeem-item-popup';
import './coins.css';

export const COINS_PATH = '/community/main/account/coins';
export const REDEEM_ITEM_PATH = '/popup/redeem-item';
export const EARNINGS_PATH = '/community/main/account/earnings';

/**
 * /community/main/account/coins (spec 3, "Account general": the balance and 'redeem a reward'),
 * and under it /popup/redeem-item, the redeem popup over this page (decision 034).
 */
export function CoinsPage({ redeemOpen = false }: { redeemOpen?: boolean }) {
  usePageTitle(redeemOpen ? 'Redeem a reward' : 'My coins');
  const navigate = useNavigate();
  const balance = useCurrentCoin();
  const status = viewStatus(balance);

  return (
    <section className="coins" aria-labelledby="coins-title" aria-busy={status === 'pending'}>
      <h1 id="coins-title" className="coins__title">
        My coins
      </h1>
      {status === 'pending' && <p role="status">Loading your balance…</p>}
      {status === 'error' && (
        <RetryAlert className="coins__error" text="We could not load your balance." onRetry={() => void balance.refetch()} />
      )}
      {status === 'success' && balance.data && (
        <p className="coins__balance">
          Your balance: <strong>{coinsText(balance.data.coins)}</strong>
        </p>
      )}
      <p>Coins have no cash value. Redeem them for gift cards and other rewards.</p>
      <ul className="coins__links">
        <li>
          <Link to={REDEEM_ITEM_PATH}>redeem a reward</Link>
        </li>
        <li>
          <Link to={EARNINGS_PATH}>Earnings history</Link>
        </li>
      </ul>
      {redeemOpen && <RedeemItemPopup onClose={() => void navigate(COINS_PATH)} />}
    </section>
  );
}
