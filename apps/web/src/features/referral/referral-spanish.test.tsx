// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { setLanguage } from '../../hooks/use-entry-language';
import { ReferralEventPage } from './referral-event-page';
import { ReferralHistoryPage } from './referral-history-page';
import { ReferralOfferPage } from './referral-offer-page';
import { ReferralPopup } from './referral-popup';

const { answers } = fakeApi();

/** Renders a referral page in Spanish; the Spanish texts load on first use, so the render waits for them. */
async function renderInSpanish(page: ReactNode) {
  setLanguage('es');
  await act(async () => {
    render(
      <MemoryRouter initialEntries={['/community/main/referral/page']}>
        <WithPortalQuery>
          <Routes>
            <Route path="/community/main" element={<Outlet context={{ refreshProfile: vi.fn() }} />}>
              <Route path="referral/page" element={page} />
            </Route>
          </Routes>
        </WithPortalQuery>
      </MemoryRouter>,
    );
  });
  return userEvent.setup();
}

describe('the referral pages in Spanish (issue 28, Spanish end to end)', () => {
  test('the event page: the month in Spanish, the offer and the guidelines with their figures', async () => {
    answers['/callout/GetReferralEvent'] = { body: [] };
    await renderInSpanish(<ReferralEventPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Evento de referidos' })).toBeInTheDocument();
    const month = new Date().toLocaleString('es-US', { month: 'long' });
    expect(screen.getByRole('heading', { level: 2, name: `Oferta especial de ${month}` })).toBeInTheDocument();
    expect(
      await screen.findByText('Este mes no hay oferta especial: se mantiene la recompensa habitual por referidos.'),
    ).toBeInTheDocument();
    const guidelines = screen.getByTestId('referral-guidelines');
    expect(guidelines).toHaveTextContent('Puede recomendar hasta 10 personas al mes.');
    expect(guidelines).toHaveTextContent('puede reclamar 200 monedas y 250 EXP en Mis referidos');
    expect(screen.getByRole('navigation', { name: 'Páginas de referidos' })).toHaveTextContent('Este mes');
  });

  test('refer a friend: the labels, the form’s own messages and the outcome popup in Spanish', async () => {
    answers['/account/UpdateReferralList'] = { body: { status: 'maximum' } };
    const user = await renderInSpanish(<ReferralOfferPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Recomiende a un amigo' })).toBeInTheDocument();
    const box = (name: string) => screen.getByRole('textbox', { name });
    await user.click(box('Nombre'));
    await user.tab();
    expect(await screen.findByText('Este campo es obligatorio.')).toBeInTheDocument();
    await user.type(box('Edad'), '3a');
    await user.tab();
    expect(await screen.findByText('Ingrese solo dígitos')).toBeInTheDocument();

    const friend = {
      Nombre: 'Nina',
      Apellido: 'Novak',
      Edad: '34',
      'Correo electrónico': 'nina@example.com',
      'Número de teléfono': '7735550142',
    };
    for (const [name, value] of Object.entries(friend)) {
      await user.clear(box(name));
      await user.type(box(name), value);
    }
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Recomendar a mi amigo' }));
    const popup = await screen.findByRole('dialog', { name: 'Máximo alcanzado' });
    expect(popup).toHaveTextContent('Puede recomendar hasta 10 personas al mes');
  });

  test('my referrals: the table, the statuses and the claim buttons in Spanish', async () => {
    const friend = (referralId: string, firstName: string, status: string) => ({
      referralId,
      firstName,
      lastName: 'Friend',
      status,
      redeemedReward: false,
    });
    answers['/reward/GetReferralList'] = {
      body: {
        status: 'succeed',
        referralList: [
          friend('00000000-0000-4000-8000-000000000001', 'Cora', 'Complete'),
          friend('00000000-0000-4000-8000-000000000002', 'Rae', 'Registered'),
        ],
      },
    };
    await renderInSpanish(<ReferralHistoryPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis referidos' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Sus referidos y su estado' });
    expect(within(table).getByRole('columnheader', { name: 'Estado' })).toBeInTheDocument();
    const [cora, rae] = within(table).getAllByTestId('referral-row');
    expect(cora).toHaveTextContent('Completado');
    expect(within(cora!).getByRole('button', { name: 'Reclamar la recompensa por Cora Friend' })).toBeEnabled();
    expect(rae).toHaveTextContent('Registrado');
    expect(rae).toHaveTextContent('Se puede reclamar cuando esté Completado');
  });

  test('the public referral popup: title, guidelines with their figures, the month and the e-mail option in Spanish', async () => {
    answers['/callout/GetReferralEvent'] = { body: [{ referralComment: 'Double rewards this month' }] };
    await renderInSpanish(<ReferralPopup />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Programa de referidos' })).toBeInTheDocument();
    expect(screen.getByText('El programa de referidos es solo para probadores actuales.')).toBeInTheDocument();
    const month = new Date().toLocaleString('es-US', { month: 'long' });
    expect(await screen.findByRole('heading', { level: 2, name: `Oferta especial de ${month}` })).toBeInTheDocument();
    expect(screen.getByText('Double rewards this month')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Normas' })).toBeInTheDocument();
    expect(screen.getByText('Puede recomendar hasta 10 personas al mes.')).toBeInTheDocument();
    expect(screen.getByText('Nos comunicamos con las personas que recomiende en un plazo de 10 días.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recomiende a un amigo' })).toHaveAttribute('href', '/community/main/referral/offer');
    const mail = screen.getByRole('link', { name: 'cuéntele a un amigo por correo electrónico' });
    expect(decodeURIComponent(mail.getAttribute('href')!)).toContain('subject=Únase a TesterHub conmigo');
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(document.title).toContain('Programa de referidos');
  });
});
