import { Link } from 'react-router';
import { ModalDialog } from '../../components/modal-dialog';
import { useDailyBonusTexts } from './daily-bonus-texts';

/** The 'What are coins?' explainer (spec 3 popup whatIsCoin), with its links to the account pages. */
export function WhatAreCoins({ onClose }: { onClose: () => void }) {
  const t = useDailyBonusTexts();
  return (
    <ModalDialog title={t('whatAreCoins')} onClose={onClose} closeLabel={t('back')}>
      <p>{t('coinsAre')}</p>
      <p>{t('coinsSpend')}</p>
      <ul className="daily-bonus__links">
        <li>
          <Link to="/community/main/account/coins">{t('coinsLink')}</Link>
        </li>
        <li>
          <Link to="/community/main/account/general">{t('accountLink')}</Link>
        </li>
      </ul>
    </ModalDialog>
  );
}
