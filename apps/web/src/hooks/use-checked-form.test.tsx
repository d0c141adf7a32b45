// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { message } from '@testerhub/shared/account-messages';
import { useCheckedForm } from './use-checked-form';

/** A one-field form: the field is required; `busy` stands for a list still loading or a call in flight. */
function NameForm({ busy, onGo }: { busy: boolean; onGo: () => void }) {
  const [name, setName] = useState('');
  const { formRef, shown, readyToSubmit } = useCheckedForm(['name'] as const, { name: name ? null : 'required' }, 'en');
  const error = shown('name');
  return (
    <form ref={formRef} noValidate onSubmit={(event) => readyToSubmit(event, busy) && onGo()}>
      <label htmlFor="name">Name</label>
      <input id="name" name="name" value={name} onChange={(event) => setName(event.target.value)} aria-invalid={!!error} />
      {error && <p role="alert">{error}</p>}
      <button type="submit">Send</button>
    </form>
  );
}

describe('useCheckedForm readyToSubmit', () => {
  test('a submit while busy still shows and focuses the problem, and does not go on', async () => {
    const onGo = vi.fn();
    render(<NameForm busy onGo={onGo} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message('required', 'en'));
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(onGo).not.toHaveBeenCalled();
  });

  test('a busy form without problems does not go on; once no longer busy it does', async () => {
    const onGo = vi.fn();
    const { rerender } = render(<NameForm busy onGo={onGo} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onGo).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<NameForm busy={false} onGo={onGo} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onGo).toHaveBeenCalledOnce();
  });
});
