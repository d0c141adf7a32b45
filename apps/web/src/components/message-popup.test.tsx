// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
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
