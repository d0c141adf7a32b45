// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { setLanguage } from '../../hooks/use-entry-language';
import { FunEventsPage } from './fun-events-page';
import { GiveawayWinnersPage } from './giveaway-winners-page';
import { TryYourLuckPage } from './try-your-luck-page';

const { answers } = fakeApi();

const SEGMENTS = [100, 10, 5000, 20, 250, 30, 1000, 50, 75].map((coins) => ({ coins, rate: coins === 10 ? 30000 : 5000 }));

function answerPage({ entered = false, drawingDay = 4 } = {}) {
  Object.assign(answers, {
    '/event/GetEventCount': { body: { coins: 50, count: 0, totalCount: 3, currentCoins: 500, winningRate: SEGMENTS } },
    '/event/checkCoins': { body: { checkGiftCard: true, checkWheel: true } },
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
  });
}

/** Renders in Spanish; the Spanish texts load on first use, so the render waits for them. */
async function renderInSpanish(page: ReactNode) {
  setLanguage('es');
  await act(async () => {
    render(
      <MemoryRouter>
        <WithPortalQuery>{page}</WithPortalQuery>
      </MemoryRouter>,
    );
  });
}

describe('the winners pages in Spanish (issue 28, Spanish end to end)', () => {
  test('try your luck: the drawing with its weekday in Spanish, the wheel, its odds and the winner lists with Spanish dates', async () => {
    answerPage();
    await renderInSpanish(<TryYourLuckPage blackList={false} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pruebe su suerte' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sorteo semanal de tarjetas de regalo' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Participe en el sorteo de esta semana por un premio de $25 e-gift card: 100 monedas, una participación por semana. El ganador se sortea el jueves.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Participar por 100 monedas' })).toBeInTheDocument();

    const wheel = screen.getByTestId('wheel-panel');
    expect(within(wheel).getByRole('heading', { name: 'GIRE LA RUEDA' })).toBeInTheDocument();
    expect(await within(wheel).findByRole('figure')).toHaveAccessibleName(
      'GIRE LA RUEDA: 100, 10, 5000, 20, 250, 30, 1000, 50, 75 monedas',
    );
    expect(within(wheel).getByText('Giros restantes')).toBeInTheDocument();
    expect(within(wheel).getByText('Ya usó todos sus giros de esta semana. ¡Vuelva el próximo lunes!')).toBeInTheDocument();
    await userEvent.setup().click(within(wheel).getByRole('button', { name: 'Probabilidades' }));
    const odds = screen.getByRole('dialog', { name: 'Probabilidades' });
    expect(within(odds).getAllByRole('row')[1]).toHaveTextContent('101 en 4');

    expect(await screen.findByTestId('gift-card-winners')).toHaveTextContent('luckyone$25 e-gift card, lunes, 16 de noviembre de 2026');
    expect(screen.getByTestId('my-spins')).toHaveTextContent('viernes, 20 de noviembre de 2026');
    expect(screen.getByRole('columnheader', { name: 'Monedas ganadas' })).toBeInTheDocument();
    expect(screen.getByText('Todavía no hay premios grandes. ¡El suyo podría ser el primero!')).toBeInTheDocument();
  });

  test('after an entry the button names the drawing day in Spanish', async () => {
    answerPage({ entered: true, drawingDay: 1 });
    await renderInSpanish(<TryYourLuckPage blackList />);
    expect(await screen.findByRole('button', { name: '¡Ya está participando! Vuelva el próximo lunes' })).toBeDisabled();
  });

  test('the fun events and a giveaway page in Spanish', async () => {
    answers['/reward/GetWinners'] = { body: [] };
    await renderInSpanish(
      <>
        <FunEventsPage />
        <GiveawayWinnersPage type="newTester" />
      </>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Eventos divertidos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ganadores de los sorteos en redes sociales' })).toHaveAttribute(
      'href',
      '/community/main/winners/eCard',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Sorteo para nuevos probadores' })).toBeInTheDocument();
    expect(
      await screen.findByText(`Vuelva más tarde: empezaremos a seleccionar a los ganadores de ${new Date().getFullYear()}`),
    ).toBeInTheDocument();
  });
});
