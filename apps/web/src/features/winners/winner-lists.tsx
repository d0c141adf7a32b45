import { formatDate } from '@testerhub/shared/schedule-format';
import { COMPANY } from '@testerhub/shared/company';
import { drawingDayName, EVENT_TEXTS } from '@testerhub/shared/winners-schemas';
import { shownFailure } from '../../lib/query-status';
import { useWinnerList } from './api/get-winner-list';

const day = (instant: string) => formatDate(instant, COMPANY.timeZone);

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
  if (list.isPending) {
    return (
      <p role="status" className="winners-panel__status">
        Loading the winners…
      </p>
    );
  }
  if (list.isError) {
    return shownFailure(list.error) ? (
      <div role="alert" className="winners-panel__status">
        <p>{EVENT_TEXTS.fetchFailed}</p>
        <button type="button" className="button button--outline" onClick={() => void list.refetch()}>
          Try again
        </button>
      </div>
    ) : null;
  }
  const { giftCardWinners, wheelWinners, myHistory, drawingDay } = list.data;
  return (
    <div className="winners-lists">
      <section aria-labelledby="gift-card-winners">
        <h2 id="gift-card-winners">Gift-card winners</h2>
        {giftCardWinners.length === 0 ? (
          <p>No drawing has been drawn yet. The first winner is drawn on {drawingDayName(drawingDay)}.</p>
        ) : (
          <ul className="winners-list" data-testid="gift-card-winners">
            {giftCardWinners.map((winner) => (
              <li key={`${winner.username}-${winner.eventStamp}`}>
                <Avatar src={winner.imageSrc} />
                <span className="winners-list__name">{winner.username}</span>
                <span>
                  {winner.prize}, {day(winner.eventStamp)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="wheel-winners">
        <h2 id="wheel-winners">Wheel winners</h2>
        {wheelWinners.length === 0 ? (
          <p>No big wins yet. Yours could be the first!</p>
        ) : (
          <ul className="winners-list">
            {wheelWinners.map((winner) => (
              <li key={`${winner.username}-${winner.eventStamp}`}>
                <Avatar src={winner.imageSrc} />
                <span className="winners-list__name">{winner.username}</span>
                <span>
                  {winner.coins.toLocaleString('en-US')} coins, {day(winner.eventStamp)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="my-spins">
        <h2 id="my-spins">My spins</h2>
        {myHistory.length === 0 ? (
          <p>You have not spun the wheel yet.</p>
        ) : (
          <table className="winners-table" data-testid="my-spins">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Coins won</th>
              </tr>
            </thead>
            <tbody>
              {myHistory.map((spin) => (
                <tr key={spin.logTime}>
                  <td>{day(spin.logTime)}</td>
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
