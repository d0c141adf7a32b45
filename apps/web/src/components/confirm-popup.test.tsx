// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { CONFIRM_QUESTIONS, ConfirmPopup, type ConfirmOutcome } from './confirm-popup';

describe('confirm popup (spec 3, section 4)', () => {
  test('No closes without running the action', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmPopup type="screener" studyNo={7} header="Waiting list" onConfirm={onConfirm} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Waiting list' });
    expect(dialog).toHaveTextContent(CONFIRM_QUESTIONS.screener);
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('Yes runs the action with the popup data; success closes', async () => {
    const onConfirm = vi.fn(async (): Promise<ConfirmOutcome> => ({ ok: true }));
    const onClose = vi.fn();
    render(<ConfirmPopup type="schedule" studyNo={9} header="Cancel schedule" onConfirm={onConfirm} onClose={onClose} />);
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Are you sure you want to cancel? Doing so will clear your schedule and you will not be able to reschedule these dates.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledWith({ type: 'schedule', studyNo: 9, header: 'Cancel schedule' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('Yes is disabled while the action runs', async () => {
    let finish: (outcome: ConfirmOutcome) => void = () => undefined;
    const onConfirm = () => new Promise<ConfirmOutcome>((resolve) => (finish = resolve));
    render(<ConfirmPopup type="screener" studyNo={7} header="Waiting list" onConfirm={onConfirm} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.getByRole('button', { name: 'Yes' })).toBeDisabled();
    finish({ ok: true });
  });

  test('a failure: its code as the header, in red, with the explanation', async () => {
    const onClose = vi.fn();
    const onConfirm = async (): Promise<ConfirmOutcome> => ({
      ok: false,
      status: 'Screener Failed - 102',
      message: 'All schedule spots are filled.',
    });
    render(<ConfirmPopup type="screener" studyNo={7} header="Waiting list" onConfirm={onConfirm} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Screener Failed - 102' });
    expect(dialog.className).toMatch(/error/);
    expect(dialog).toHaveTextContent('All schedule spots are filled.');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('a thrown failure (network): a red failure header with the help text', async () => {
    const onConfirm = async (): Promise<ConfirmOutcome> => {
      throw new Error('offline');
    };
    render(<ConfirmPopup type="screener" studyNo={7} header="Waiting list" onConfirm={onConfirm} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Screener Failed' });
    expect(dialog).toHaveTextContent('contact Tester Services');
  });
});
