// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { OPT_IN_COUNT_COOKIE, OPT_IN_PROMPT_DELAY_MS, SmsOptInPrompt } from './sms-opt-in-prompt';

const { answers, calls, paths } = fakeApi();

const setCount = (count: number) => (document.cookie = `${OPT_IN_COUNT_COOKIE}=${count}; path=/`);
afterEach(() => {
  document.cookie = `${OPT_IN_COUNT_COOKIE}=; expires=${new Date(0).toUTCString()}; path=/`;
});

function renderPrompt() {
  const onDone = vi.fn();
  render(
    <MemoryRouter>
      <WithPortalQuery>
        <SmsOptInPrompt onDone={onDone} />
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return onDone;
}

describe('the SMS opt-in prompt after the daily bonus (spec 2 "Login bonus at entry")', () => {
  test('waits 2 seconds, reads GetSMSContactSetting, offers texts when off, counts the offer, and turns texts on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setCount(1);
    answers['/profile/GetSMSContactSetting'] = { body: { status: 'succeed', smsSetting: false } };
    answers['/profile/ChangeContactSetting'] = { body: { status: 'succeed', contactType: 'NoText', isTurnOn: true } };
    renderPrompt();
    await act(() => vi.advanceTimersByTimeAsync(OPT_IN_PROMPT_DELAY_MS - 100));
    expect(paths()).not.toContain('/profile/GetSMSContactSetting');
    await act(() => vi.advanceTimersByTimeAsync(200));
    const offer = await screen.findByRole('dialog', { name: 'Get study news by text?' });
    expect(document.cookie).toContain(`${OPT_IN_COUNT_COOKIE}=2`);
    vi.useRealTimers();
    await userEvent.setup().click(within(offer).getByRole('button', { name: 'Turn on text messages' }));
    expect(await screen.findByRole('dialog', { name: 'Text messages on' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/profile/ChangeContactSetting')?.body).toEqual({ contactType: 'NoText', isTurnOn: true });
  });

  test('nothing is asked once the prompt was offered 3 times', async () => {
    setCount(3);
    const onDone = renderPrompt();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(paths()).toEqual([]);
  });

  test('no offer when texts are already on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answers['/profile/GetSMSContactSetting'] = { body: { status: 'succeed', smsSetting: true } };
    const onDone = renderPrompt();
    await act(() => vi.advanceTimersByTimeAsync(OPT_IN_PROMPT_DELAY_MS + 10));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
