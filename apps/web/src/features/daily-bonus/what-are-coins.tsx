import { Link } from 'react-router';
import { DAILY_BONUS_TEXTS } from '@testerhub/shared/daily-bonus-rules';
import { ModalDialog } from '../../components/modal-dialog';

/** The 'What are coins?' explainer (spec 3 popup whatIsCoin), with its links to the account pages. */
export function WhatAreCoins({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog title={DAILY_BONUS_TEXTS.whatAreCoins} onClose={onClose} closeLabel="Back">
      <p>
        Coins are points you earn here: for visiting every day, for screeners, About-me questions and quick surveys, and for the studies you
        attend. Experience (EXP) comes with them and raises your level, which unlocks perks and avatars.
      </p>
      <p>Spend your coins on rewards, a spin of the wheel or an entry in the weekly gift-card drawing. Coins have no cash value.</p>
      <ul className="daily-bonus__links">
        <li>
          <Link to="/community/main/account/coins">See your coins and redeem a reward</Link>
        </li>
        <li>
          <Link to="/community/main/account/general">Go to My account</Link>
        </li>
      </ul>
    </ModalDialog>
  );
}
