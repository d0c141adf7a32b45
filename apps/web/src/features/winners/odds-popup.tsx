import { useEffect } from 'react';
import { oddsText, type EventCount } from '@testerhub/shared/winners-schemas';
import { ModalDialog } from '../../components/modal-dialog';
import { useWinnersTexts } from './winners-texts';

/** The wheel's odds (spec 3 popup wheelRate): Coins and Odds, 1 in ceil(1 / (rate / 100000)); a click anywhere closes it. */
export function OddsPopup({ segments, onClose }: { segments: EventCount['winningRate']; onClose: () => void }) {
  const t = useWinnersTexts();
  useEffect(() => {
    // Registered after the click that opened the table, so that click does not close it at once.
    const timer = setTimeout(() => document.addEventListener('click', onClose));
    return () => {
      clearTimeout(timer);
      document.removeEventListener('click', onClose);
    };
  }, [onClose]);
  const rows = [...segments].sort((a, b) => a.coins - b.coins);
  return (
    <ModalDialog title={t('odds')} onClose={onClose}>
      <table className="winners-table">
        <thead>
          <tr>
            <th scope="col">{t('oddsCoins')}</th>
            <th scope="col">{t('odds')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.coins}>
              <td>{row.coins.toLocaleString('en-US')}</td>
              <td>{oddsText(row.rate, t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ModalDialog>
  );
}
