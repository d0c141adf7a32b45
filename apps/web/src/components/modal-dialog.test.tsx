// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { ModalDialog } from './modal-dialog';

function Opener() {
  const [open, setOpen] = useState(false);
  const [closes, setCloses] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <p data-testid="closes">{closes}</p>
      {open && (
        <ModalDialog
          title="Session expired"
          onClose={() => {
            setCloses((value) => value + 1);
            setOpen(false);
          }}
        >
          <p>Please log in again.</p>
        </ModalDialog>
      )}
    </>
  );
}

describe('modal dialog', () => {
  test('a native dialog opened as a modal, named by its title, focused', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Session expired' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveFocus();
    expect(dialog).toHaveTextContent('Please log in again.');
  });

  test('Escape asks the caller to close; focus goes back to the opener', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('closes')).toHaveTextContent('1');
    expect(opener).toHaveFocus();
  });

  test('the close button closes it once', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('closes')).toHaveTextContent('1');
  });

  test('a new focusKey (a next step) moves focus back to the dialog, so its new title is read', async () => {
    function Steps() {
      const [step, setStep] = useState(1);
      return (
        <ModalDialog
          title={`Step ${step}`}
          focusKey={String(step)}
          onClose={() => undefined}
          actions={
            <button type="button" onClick={() => setStep(2)}>
              Next step
            </button>
          }
        >
          <p>Body</p>
        </ModalDialog>
      );
    }
    const user = userEvent.setup();
    render(<Steps />);
    const next = screen.getByRole('button', { name: 'Next step' });
    await user.click(next);
    expect(next).not.toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Step 2' })).toHaveFocus();
  });
});
