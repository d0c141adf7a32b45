import { Link, useNavigate } from 'react-router';
import { RetryAlert } from '../../components/retry-alert';
import { useLanguage } from '../../hooks/use-entry-language';
import { usePageTitle } from '../../hooks/use-page-title';
import { viewStatus } from '../../lib/query-status';
import { useCurrentCoin } from './api/get-current-coin';
import { RedeemItemPopup } from './redeem-item-popup';
import { coinsText, useRedeemTexts } from './redeem-texts';
import './coins.css';

export const COINS_PATH = '/community/main/account/coins';
export const REDEEM_ITEM_PATH = '/popup/redeem-item';
export const EARNINGS_PATH = '/community/main/account/earnings';

/**
 * /community/main/account/coins (spec 3, "Account general": the balance and 'redeem a reward'),
 * and under it /popup/redeem-item, the redeem popup over this page (decision 034).
 */
export function CoinsPage({ redeemOpen = false }: { redeemOpen?: boolean }) {
  const t = useRedeemTexts();
  const language = useLanguage();
  usePageTitle(t(redeemOpen ? 'redeemTitle' : 'coinsTitle'));
  const navigate = useNavigate();
  const balance = useCurrentCoin();
  const status = viewStatus(balance);

  return (
    <section className="coins" aria-labelledby="coins-title" aria-busy={status === 'pending'}>
      <h1 id="coins-title" className="coins__title">
        {t('coinsTitle')}
      </h1>
      {status === 'pending' && <p role="status">{t('loadingBalance')}</p>}
      {status === 'error' && <RetryAlert className="coins__error" text={t('balanceFailed')} onRetry={() => void balance.refetch()} />}
      {status === 'success' && balance.data && (
        <p className="coins__balance">
          {t('yourBalance')} <strong>{coinsText(t, language, balance.data.coins)}</strong>
        </p>
      )}
      <p>{t('noCashValue')}</p>
      <ul className="coins__links">
        <li>
          <Link to={REDEEM_ITEM_PATH}>{t('redeemLink')}</Link>
        </li>
        <li>
          <Link to={EARNINGS_PATH}>{t('earningsLink')}</Link>
        </li>
      </ul>
      {redeemOpen && <RedeemItemPopup onClose={() => void navigate(COINS_PATH)} />}
    </section>
  );
}
