import { formatDate } from '@testerhub/shared/schedule-format';
import { COMPANY } from '@testerhub/shared/company';
import { drawingDayName } from '@testerhub/shared/winners-schemas';
import type { Language } from '@testerhub/shared/i18n';
import { useLanguage } from '../../hooks/use-entry-language';
import { shownFailure } from '../../lib/query-status';
import { useWinnerList } from './api/get-winner-list';
import { useWinnersTexts } from './winners-texts';

const day = (instant: string, language: Language) => formatDate(instant, COMPANY.timeZone, language);

function Avatar({ src }: { src: string }) {
  return src.endsWith('/') ? (
    <span className="winners-list__avatar" aria-hidden="true" />
  ) : (
    <img className="winners-list__avatar" src={src} alt="" width={32} height={32} />
  );
}

/** The try-your-luck page's lists (GET /api/event/GetWinnerList): gift-card winners, big wheel wins, my spins. */
export function WinnerLists() {
  const list = useWinnerList();
  const t = useWinnersTexts();
  const language = useLanguage();
  if (list.isPending) {
    return (
      <p role="status" className="winners-panel__status">
        {t('loadingWinners')}
      </p>
    );
  }
  if (list.isError) {
    return shownFailure(list.error) ? (
      <div role="alert" className="winners-panel__status">
        <p>{t('fetchFailed')}</p>
        <button type="button" className="button button--outline" onClick={() => void list.refetch()}>
          {t('tryAgain')}
        </button>
      </div>
    ) : null;
  }
  const { giftCardWinners, wheelWinners, myHistory, drawingDay } = list.data;
  return (
    <div className="winners-lists">
      <section aria-labelledby="gift-card-winners">
        <h2 id="gift-card-winners">{t('giftCardWinners')}</h2>
        {giftCardWinners.length === 0 ? (
          <p>{t('noDrawingYet', { day: drawingDayName(drawingDay, language) })}</p>
        ) : (
          <ul className="winners-list" data-testid="gift-card-winners">
            {giftCardWinners.map((winner) => (
              <li key={`${winner.username}-${winner.eventStamp}`}>
                <Avatar src={winner.imageSrc} />
                <span className="winners-list__name">{winner.username}</span>
                <span>{t('giftCardWin', { prize: winner.prize, date: day(winner.eventStamp, language) })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="wheel-winners">
        <h2 id="wheel-winners">{t('wheelWinners')}</h2>
        {wheelWinners.length === 0 ? (
          <p>{t('noBigWins')}</p>
        ) : (
          <ul className="winners-list">
            {wheelWinners.map((winner) => (
              <li key={`${winner.username}-${winner.eventStamp}`}>
                <Avatar src={winner.imageSrc} />
                <span className="winners-list__name">{winner.username}</span>
                <span>{t('wheelWin', { coins: winner.coins.toLocaleString('en-US'), date: day(winner.eventStamp, language) })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="my-spins">
        <h2 id="my-spins">{t('mySpins')}</h2>
        {myHistory.length === 0 ? (
          <p>{t('noSpinsYet')}</p>
        ) : (
          <table className="winners-table" data-testid="my-spins">
            <thead>
              <tr>
                <th scope="col">{t('spinDate')}</th>
                <th scope="col">{t('coinsWon')}</th>
              </tr>
            </thead>
            <tbody>
              {myHistory.map((spin) => (
                <tr key={spin.logTime}>
                  <td>{day(spin.logTime, language)}</td>
                  <td>{spin.coins.toLocaleString('en-US')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
