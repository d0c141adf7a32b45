// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { OptInPopup } from './opt-in-popup';

const api = fakeApi();
// The lock is timed with the fake clock; it also runs on by itself, for the query client's own timers.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

function renderPopup(text = true) {
  api.answers['/profile/GetContactSetting'] = {
    body: {
      status: 'succeed',
      contactTypes: [
        { contactType: 'Phone', isTurnOn: true },
        { contactType: 'NoText', isTurnOn: text },
        { contactType: 'Email', isTurnOn: true },
      ],
    },
  };
  api.answers['/profile/ChangeContactSetting'] = (body) => ({ body: { status: 'succeed', ...(body as object) } });
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(
    <MemoryRouter>
      <WithPortalQuery>
        <OptInPopup onClose={() => undefined} />
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return user;
}

const posted = () => api.calls.filter((call) => call.path === '/profile/ChangeContactSetting').map((call) => call.body);

describe('the opt-in popup (spec 3, "Opt-in" and "Contact toggle")', () => {
  test('three labelled switches: Phone, Text (the NoText type) and Email', async () => {
    renderPopup();
    expect(await screen.findByRole('switch', { name: 'Phone' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Text' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Email' })).toBeChecked();
  });

  test('a toggle flips at once, is posted, and blocks every toggle for 1 second', async () => {
    const user = renderPopup();
    const email = await screen.findByRole('switch', { name: 'Email' });
    await user.click(email);
    expect(email).not.toBeChecked();
    expect(posted()).toEqual([{ contactType: 'Email', isTurnOn: false }]);
    expect(screen.getByRole('switch', { name: 'Phone' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('switch', { name: 'Phone' }));
    await user.click(email);
    expect(posted()).toHaveLength(1);
    // Half-way (plus the little time the clicks took): still locked; a second after the toggle: free.
    act(() => vi.advanceTimersByTime(500));
    expect(email).toHaveAttribute('aria-disabled', 'true');
    act(() => vi.advanceTimersByTime(500));
    expect(email).toHaveAttribute('aria-disabled', 'false');
    await user.click(email);
    expect(email).toBeChecked();
    expect(posted()).toEqual([
      { contactType: 'Email', isTurnOn: false },
      { contactType: 'Email', isTurnOn: true },
    ]);
  });

  test('Text is disabled while it is off', async () => {
    const user = renderPopup(false);
    const text = await screen.findByRole('switch', { name: 'Text' });
    expect(text).not.toBeChecked();
    expect(text).toHaveAttribute('aria-disabled', 'true');
    await user.click(text);
    expect(posted()).toEqual([]);
  });

  test('a failed change goes back to the stored choice and says so', async () => {
    const user = renderPopup();
    api.answers['/profile/ChangeContactSetting'] = { status: 500, body: { message: 'boom' } };
    const phone = await screen.findByRole('switch', { name: 'Phone' });
    await user.click(phone);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your change could not be saved. Please try again.');
    expect(phone).toBeChecked();
  });
});
