// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderInSpanish } from '../../../test/in-spanish';
import { FunEventsPage } from './fun-events-page';
import { GiveawayWinnersPage } from './giveaway-winners-page';
import { TryYourLuckPage } from './try-your-luck-page';
import { answerTryYourLuck, InPortal } from './winners-test-helpers';

const { answers } = fakeApi();

/** The page's calls answered with no spins left and the drawing on Thursday unless told. */
const answerPage = ({ entered = false, drawingDay = 4 } = {}) => answerTryYourLuck(answers, { count: 0, entered, drawingDay });
const renderPageInSpanish = (page: ReactNode) => renderInSpanish(<InPortal>{page}</InPortal>);

describe('the winners pages in Spanish (issue 28, Spanish end to end)', () => {
  test('try your luck: the drawing with its weekday in Spanish, the wheel, its odds and the winner lists with Spanish dates', async () => {
    answerPage();
    await renderPageInSpanish(<TryYourLuckPage blackList={false} />);
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
    await renderPageInSpanish(<TryYourLuckPage blackList />);
    expect(await screen.findByRole('button', { name: '¡Ya está participando! Vuelva el próximo lunes' })).toBeDisabled();
  });

  test('the fun events and a giveaway page in Spanish', async () => {
    answers['/reward/GetWinners'] = { body: [] };
    await renderPageInSpanish(
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
