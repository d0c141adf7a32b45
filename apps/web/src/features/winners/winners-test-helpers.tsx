import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { FakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';

/** The wheel's nine segments as the server sends them (coins and odds). */
export const SEGMENTS = [100, 10, 5000, 20, 250, 30, 1000, 50, 75].map((coins) => ({ coins, rate: coins === 10 ? 30000 : 5000 }));

/** Answers the try-your-luck page's calls: the wheel, the gift-card drawing, the winner lists and the two entries. */
export function answerTryYourLuck(
  answers: FakeApi['answers'],
  { count = 3, currentCoins = 500, entered = false, checkGiftCard = true, drawingDay = 1 } = {},
) {
  Object.assign(answers, {
    '/event/GetEventCount': { body: { coins: 50, count, totalCount: 3, currentCoins, winningRate: SEGMENTS } },
    '/event/checkCoins': { body: { checkGiftCard, checkWheel: currentCoins >= 50 } },
    '/event/CheckGoldRewardAvailable': {
      body: { status: entered ? 'applied' : 'available', goldCardCoin: 100, prize: '$25 e-gift card', drawingDay },
    },
    '/event/GetWinnerList': {
      body: {
        giftCardWinners: [
          {
            username: 'luckyone',
            eventStamp: '2026-11-16T06:05:00Z',
            coins: 0,
            fileName: 'a.svg',
            imageSrc: '/media/avatars/a.svg',
            prize: '$25 e-gift card',
          },
        ],
        wheelWinners: [],
        myHistory: [{ coins: 20, logTime: '2026-11-20T18:00:00Z' }],
        drawingDay,
      },
    },
    '/event/ApplyEvent': { body: { status: 'succeed', reward: 250, count: count - 1 } },
    '/event/ApplyGoldCardEvent': { body: { status: 'succeed', coins: currentCoins - 100 } },
  });
}

/** A winners page inside a router and the portal's data layer, as the portal mounts it. */
export function InPortal({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter>
      <WithPortalQuery>{children}</WithPortalQuery>
    </MemoryRouter>
  );
}
