// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../hooks/use-entry-language';
import { ConfirmPopup } from './confirm-popup';
import { MessagePopup, popupTone } from './message-popup';

describe('generic popup (spec 2, section 8)', () => {
  test("a data text containing 'error' or 'failed' is a failure, in any case; anything else is information", () => {
    expect(popupTone('Failed to retrieve dossier groups')).toBe('error');
    expect(popupTone('Screener Failed - 101')).toBe('error');
    expect(popupTone('Network ERROR')).toBe('error');
    expect(popupTone('Thanks for visiting today')).toBe('info');
    expect(popupTone('succeed')).toBe('info');
  });

  test('a failure without a message shows the default help pointing to Tester Services, in red', async () => {
    const onClose = vi.fn();
    render(<MessagePopup data="Failed to Save About me Response" onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Failed to Save About me Response' });
    expect(dialog.className).toMatch(/error/);
    expect(dialog).toHaveTextContent('contact Tester Services');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  test('information shows its message and no help text', () => {
    render(<MessagePopup data="Waiting list" message="You were added to the waiting list." onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Waiting list' });
    expect(dialog.className).not.toMatch(/error/);
    expect(dialog).toHaveTextContent('You were added to the waiting list.');
    expect(dialog).not.toHaveTextContent('Tester Services');
  });
});

describe('the portal popups in Spanish (issue 28)', () => {
  afterEach(() => setLanguage('en'));

  test('a failure without a message: the default help and the close button in Spanish', async () => {
    setLanguage('es');
    // The Spanish texts load as a chunk of their own: the first render suspends until they come.
    await act(async () => void render(<MessagePopup data="Scheduling attempt failed" onClose={vi.fn()} />));
    const dialog = await screen.findByRole('dialog', { name: 'Scheduling attempt failed' });
    expect(dialog).toHaveTextContent(/^Scheduling attempt failedInténtelo de nuevo o comuníquese con Servicios al Probador al /);
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
  });

  test("the default help gives Tester Services' hours in Spanish", async () => {
    setLanguage('es');
    await act(async () => void render(<MessagePopup data="Scheduling attempt failed" onClose={vi.fn()} />));
    const dialog = await screen.findByRole('dialog', { name: 'Scheduling attempt failed' });
    expect(dialog).toHaveTextContent('(de lunes a viernes, de 9 a.m. a 5 p.m. CST).');
    expect(dialog).not.toHaveTextContent('Monday to Friday');
  });

  test('the confirm popup asks in Spanish and answers with Sí and No', async () => {
    setLanguage('es');
    await act(
      async () => void render(<ConfirmPopup type="screener" studyNo={1} header="Lista de espera" onConfirm={vi.fn()} onClose={vi.fn()} />),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Lista de espera' });
    expect(dialog).toHaveTextContent('Este estudio tiene lista de espera.');
    expect(within(dialog).getByRole('button', { name: 'Sí' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeInTheDocument();
  });
});
